import {
  assistantPathMessages,
  checkAssistantPath,
  type CheckAssistantPathRequest,
  type CheckAssistantPathResponse,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { pathHolder } from './assistant-reads';
import type { PathTermCheck } from './path-terms';

/**
 * The path-check states: the rules in order, then 'Current Path'
 * when the given assistant holds it, the inappropriate-term check, taken by another assistant, else
 * 'Path available'. A read that fails: 'Error checking path availability - please try again.'
 */
export const checkPathFor = async (
  db: Db,
  pathTerms: PathTermCheck,
  body: CheckAssistantPathRequest,
  onError: (e: unknown) => void,
): Promise<CheckAssistantPathResponse> => {
  const checked = checkAssistantPath(body.astPath);
  if (!checked.valid) return { valid: false, message: checked.message };
  try {
    const holder = await pathHolder(db, checked.path);
    if (holder !== null && holder === body.assistantId)
      return { valid: true, message: assistantPathMessages.current };
    if (await pathTerms(checked.path)) return { valid: false, message: assistantPathMessages.inappropriate };
    if (holder !== null) return { valid: false, message: assistantPathMessages.taken };
    return { valid: true, message: assistantPathMessages.available };
  } catch (e) {
    onError(e);
    return { valid: false, message: assistantPathMessages.checkFailed };
  }
};
