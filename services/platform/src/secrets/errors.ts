import { platformMessages } from '@app/contracts';
import { DomainError } from '../event-store/errors';

/**
 * - `shredded`: the value's data key was destroyed (the value was deleted or replaced);
 * - `unreadable`: the data key is unknown, wrapped under another master key, or the sealed form was
 *   altered;
 * - `master-key-not-in-use`: this box's master key is not the one data keys are wrapped under now
 *   (rotated while this process ran): nothing may be sealed under it.
 */
export type SecretUnavailableReason = 'shredded' | 'unreadable' | 'master-key-not-in-use';

const messages: Record<SecretUnavailableReason, string> = {
  shredded: platformMessages.sealedValueShredded,
  unreadable: platformMessages.sealedValueUnreadable,
  'master-key-not-in-use': platformMessages.masterKeyNotInUse,
};

/**
 * A sealed value that cannot be opened, or a value that cannot be sealed. A DomainError, so a request
 * that meets one answers 400 with a message that says why (never a key, never a value); callers that
 * know which value it is (a reveal) say so in their own words.
 */
export class SecretUnavailableError extends DomainError {
  constructor(readonly reason: SecretUnavailableReason) {
    super(messages[reason]);
    this.name = 'SecretUnavailableError';
  }
}
