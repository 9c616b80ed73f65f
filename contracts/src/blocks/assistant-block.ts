import type { z } from 'zod';
import { assistantLimits } from '../assistants/assistant';
import { parseJsonBlock, type BlockParse } from './block-parse';
import { blockObject, blockText, requiredBlockText } from './fields';

/** The ```assistant block: a drafted assistant. */
export const AssistantBlock = blockObject({
  name: requiredBlockText('name', assistantLimits.nameLength),
  description: blockText('description', assistantLimits.descriptionLength).default(''),
  instructions: requiredBlockText('instructions', assistantLimits.instructionsLength),
  disclaimer: blockText('disclaimer', assistantLimits.disclaimerLength).default(''),
});
export type AssistantBlock = z.output<typeof AssistantBlock>;

/** name and instructions required; description and disclaimer text ('' when left out); nothing else. */
export const parseAssistantBlock = (text: string): BlockParse<AssistantBlock> =>
  parseJsonBlock('assistant', text, AssistantBlock);
