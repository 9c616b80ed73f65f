import { apiKeyMessages, normaliseEmail } from '@app/contracts';
import { parseEmailEntries, type ParsedEntries } from '../ui/entry-picker/entries';

export interface DelegateEntry extends ParsedEntries {
  /** Why the entry was refused when the entry picker's tooltip does not say it: the user themself. */
  error: string | null;
}

/**
 * The delegate typed in the entry picker: one email, not the user themself. Several entries keep
 * the first valid one; the rest stay in the field as refused.
 */
export const parseDelegateEntry = (raw: string, me: string): DelegateEntry => {
  const self = normaliseEmail(me);
  const { accepted, rejected } = parseEmailEntries(raw, []);
  const others = accepted.filter((e) => e !== self);
  const refusedSelf = accepted.length !== others.length;
  return {
    accepted: others.slice(0, 1),
    rejected: [...rejected, ...(refusedSelf ? [self] : []), ...others.slice(1)],
    error: refusedSelf ? apiKeyMessages.delegateIsOwner : null,
  };
};
