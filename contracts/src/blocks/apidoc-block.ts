import { blockMessages } from './block-messages';
import type { BlockParse } from './block-parse';

/** The ```APIdoc block shows the API documentation; it must be left empty. */
export const parseApiDocBlock = (text: string): BlockParse<null> =>
  text.trim() === '' ? { ok: true, value: null } : { ok: false, error: blockMessages.apiDocNotEmpty };
