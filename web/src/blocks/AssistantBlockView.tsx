import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { blockTexts, type AssistantBlock } from '@app/contracts';
import { createAssistant } from '../api/assistants';
import { errorText } from '../api/http';
import { loadAssistantsAtom } from '../assistants';
import { BlockOutcome } from './BlockFrame';

type Phase =
  { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; text: string } | { kind: 'failed'; text: string };

/** An ```assistant block: the draft, and 'Create assistant' (POST /assistant/create) on click. */
export function AssistantBlockView({ draft }: { draft: AssistantBlock }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const reloadAssistants = useSetAtom(loadAssistantsAtom);

  const create = async () => {
    setPhase({ kind: 'busy' });
    try {
      await createAssistant({
        provider: 'amplify',
        name: draft.name,
        description: draft.description,
        instructions: draft.instructions,
        disclaimer: draft.disclaimer,
      });
      setPhase({ kind: 'done', text: blockTexts.assistantCreated(draft.name) });
      await reloadAssistants();
    } catch (e) {
      setPhase({ kind: 'failed', text: errorText(e) });
    }
  };

  return (
    <div className="chat-block-body">
      <dl className="chat-block-fields">
        <dt>Name</dt>
        <dd>{draft.name}</dd>
        <dt>Description</dt>
        <dd>{draft.description || '—'}</dd>
        <dt>Instructions</dt>
        <dd className="chat-block-long">{draft.instructions}</dd>
        <dt>Disclaimer</dt>
        <dd>{draft.disclaimer || '—'}</dd>
      </dl>
      <div className="chat-block-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={phase.kind === 'busy' || phase.kind === 'done'}
          onClick={() => void create()}
        >
          {phase.kind === 'busy' ? blockTexts.creatingAssistant : blockTexts.createAssistant}
        </button>
      </div>
      {(phase.kind === 'done' || phase.kind === 'failed') && (
        <BlockOutcome ok={phase.kind === 'done'} text={phase.text} />
      )}
    </div>
  );
}
