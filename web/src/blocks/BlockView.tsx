import { useMemo, type ReactNode } from 'react';
import { parseBlock, type BlockLanguage, type BlockParse, type ParsedBlock } from '@app/contracts';
import { ApiDocBlockView } from './ApiDocBlockView';
import { ApiKeyBlockView } from './apikey/ApiKeyBlockView';
import { AssistantBlockView } from './AssistantBlockView';
import { AutoArtifactsBlockView } from './AutoArtifactsBlockView';
import { AutoBlockView } from './AutoBlockView';
import { BlockError, BlockFrame } from './BlockFrame';
import './blocks.css';

export interface BlockViewProps {
  /** The fence's language, lower case (one of the block languages). */
  language: BlockLanguage;
  text: string;
  /** True while the message is still streaming: the block waits for its end. */
  streaming: boolean;
}

const titles: Record<BlockLanguage, string> = {
  assistant: 'Assistant draft',
  apidoc: 'API documentation',
  apikey: 'API key operation',
  auto: 'Data-fetch operations',
  autoartifacts: 'Artifact',
};

/**
 * A fenced block of a built-in assistant's reply. It is parsed strictly once the message is
 * complete; a malformed block shows what is wrong and offers nothing to click. A well-formed one
 * shows what it will do and acts only when the user clicks: a model's output (perhaps steered by a
 * document it read) never acts by itself.
 */
export default function BlockView({ language, text, streaming }: BlockViewProps) {
  const parsed = useMemo(() => (streaming ? null : parseBlock(language, text)), [language, text, streaming]);
  return (
    <BlockFrame title={titles[language]} language={language} streaming={streaming}>
      {parsed && <ParsedBlockView parsed={parsed} />}
    </BlockFrame>
  );
}

/** A parse's view: the component for its value, or its error. */
const view = <T,>(parse: BlockParse<T>, render: (value: T) => ReactNode): ReactNode =>
  parse.ok ? render(parse.value) : <BlockError error={parse.error} />;

function ParsedBlockView({ parsed }: { parsed: ParsedBlock }): ReactNode {
  switch (parsed.kind) {
    case 'assistant':
      return view(parsed.parse, (draft) => <AssistantBlockView draft={draft} />);
    case 'apidoc':
      return view(parsed.parse, () => <ApiDocBlockView />);
    case 'apikey':
      return view(parsed.parse, (block) => <ApiKeyBlockView block={block} />);
    case 'auto':
      return view(parsed.parse, (block) => <AutoBlockView block={block} />);
    case 'autoartifacts':
      return view(parsed.parse, (block) => <AutoArtifactsBlockView block={block} />);
  }
}
