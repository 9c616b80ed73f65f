import { parseApiDocBlock } from './apidoc-block';
import { parseApiKeyBlock, type ApiKeyBlock } from './apikey-block';
import { parseAssistantBlock, type AssistantBlock } from './assistant-block';
import { parseAutoArtifactsBlock, type AutoArtifactsBlock } from './auto-artifacts-block';
import { parseAutoBlock, type AutoBlock } from './auto-block';
import type { BlockParse } from './block-parse';

export * from './block-messages';
export * from './block-parse';
export * from './assistant-block';
export * from './apidoc-block';
export * from './apikey-block';
export * from './auto-block';
export * from './auto-artifacts-block';
export * from './artifact-id';

/** The fence languages the interface acts on, lower case (as the markdown renderer gives them). */
export const blockLanguages = ['assistant', 'apidoc', 'apikey', 'auto', 'autoartifacts'] as const;
export type BlockLanguage = (typeof blockLanguages)[number];

export const isBlockLanguage = (language: string): language is BlockLanguage =>
  blockLanguages.some((l) => l === language.toLowerCase());

/** A block of the built-in assistants' replies, parsed. */
export type ParsedBlock =
  | { kind: 'assistant'; parse: BlockParse<AssistantBlock> }
  | { kind: 'apidoc'; parse: BlockParse<null> }
  | { kind: 'apikey'; parse: BlockParse<ApiKeyBlock> }
  | { kind: 'auto'; parse: BlockParse<AutoBlock> }
  | { kind: 'autoartifacts'; parse: BlockParse<AutoArtifactsBlock> };

export const parseBlock = (language: BlockLanguage, text: string): ParsedBlock => {
  switch (language) {
    case 'assistant':
      return { kind: language, parse: parseAssistantBlock(text) };
    case 'apidoc':
      return { kind: language, parse: parseApiDocBlock(text) };
    case 'apikey':
      return { kind: language, parse: parseApiKeyBlock(text) };
    case 'auto':
      return { kind: language, parse: parseAutoBlock(text) };
    case 'autoartifacts':
      return { kind: language, parse: parseAutoArtifactsBlock(text) };
  }
};
