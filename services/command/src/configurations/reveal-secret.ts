import {
  applicationSecretsStreamId,
  applicationVariablesStreamId,
  openaiEndpointsStreamId,
  platformMessages,
  sectionLabels,
  secretRevealsStreamId,
  type EventMetadata,
  type RevealRequest,
  type SealedSecret,
  type SecretRevealedEvent,
} from '@app/contracts';
import {
  appendToStream,
  dataKeyRefOf,
  DomainError,
  refuseReusedKey,
  runIdempotent,
  SecretUnavailableError,
  type Db,
  type SecretBox,
} from '@app/platform';
import { applicationSecretsDecider, applicationVariablesDecider } from './application-variables';
import { openaiEndpointsDecider } from './openai-endpoints';
import { loadState } from './secret-sections';

const sealedValue = async (
  db: Db,
  req: RevealRequest,
): Promise<{ sealed: SealedSecret | undefined; key: string }> => {
  switch (req.section) {
    case 'applicationSecrets': {
      const { state } = await loadState(db, applicationSecretsDecider, applicationSecretsStreamId);
      return { sealed: Object.hasOwn(state, req.key) ? state[req.key] : undefined, key: req.key };
    }
    case 'applicationVariables': {
      const { state } = await loadState(db, applicationVariablesDecider, applicationVariablesStreamId);
      return { sealed: Object.hasOwn(state, req.key) ? state[req.key] : undefined, key: req.key };
    }
    case 'openaiEndpoints': {
      const { state } = await loadState(db, openaiEndpointsDecider, openaiEndpointsStreamId);
      const endpoint = state.find((m) => m.name === req.model)?.endpoints[req.index];
      return { sealed: endpoint?.key, key: `${req.model} #${req.index + 1}` };
    }
  }
};

/** The value in clear, or a refusal that names the value and says why it cannot be read. */
const opened = async (db: Db, secrets: SecretBox, sealed: SealedSecret, section: string, key: string) => {
  try {
    return await secrets.keyring(db).open(sealed);
  } catch (e) {
    if (!(e instanceof SecretUnavailableError)) throw e;
    throw new DomainError(
      e.reason === 'shredded'
        ? platformMessages.secretShredded(section, key)
        : platformMessages.secretUnreadable(section, key),
    );
  }
};

/**
 * A reveal retried with its Idempotency-Key after the value it revealed was changed or deleted: 409
 * with a message saying so; nothing is recorded and no value is answered.
 */
export class RevealReplayRefusedError extends Error {
  readonly statusCode = 409;
  constructor(section: string, key: string) {
    super(platformMessages.revealReplayValueChanged(section, key));
    this.name = 'RevealReplayRefusedError';
  }
}

/**
 * Which sealed value a reveal disclosed, as its command result keeps it: the id of the value's data
 * key (one per sealing, so a changed or re-created value has another), never the value.
 */
const revealedIdOf = (sealed: SealedSecret): string => dataKeyRefOf(sealed).id;

/** The data key id a stored reveal result names; none for a result stored before it was kept. */
const storedRevealedId = (result: unknown): string | undefined =>
  typeof result === 'object' && result !== null && 'revealed' in result && typeof result.revealed === 'string'
    ? result.revealed
    : undefined;

/**
 * Reveals one saved value to an admin: `SecretRevealed` is recorded first (who, which value; never the
 * value), then the value is decrypted for the answer, in the same transaction: a value whose data key
 * was destroyed (shredded), or that this master key cannot open, is refused with a message saying so
 * and its reveal is not recorded. The same key sent to reveal another value (`requestHash` differs) is
 * refused (409) before anything is recorded or decrypted.
 *
 * Every disclosure of a value is in the log: the recorded command result holds the position and the
 * id of the revealed value's data key (never the value), and a retry with the same Idempotency-Key
 * records nothing more and answers the value only while it is that very sealed value. Once it was
 * changed, or deleted and created again (even with the same text), the retry is refused (409,
 * RevealReplayRefusedError): the current value is another disclosure, which takes a new key and so
 * a new `SecretRevealed`.
 */
export const revealSecret = async (
  db: Db,
  secrets: SecretBox,
  req: RevealRequest,
  metadata: EventMetadata,
  requestHash?: string,
): Promise<string> => {
  const idempotency = {
    actor: metadata.actor.email,
    commandId: metadata.commandId,
    ...(requestHash === undefined ? {} : { requestHash }),
  };
  await refuseReusedKey(db, idempotency);
  const { sealed, key } = await sealedValue(db, req);
  if (!sealed) throw new DomainError(platformMessages.noSuchSecret(sectionLabels[req.section], key));
  const event: SecretRevealedEvent = {
    type: 'SecretRevealed',
    data: {
      section: req.section,
      key: req.section === 'openaiEndpoints' ? req.model : req.key,
      ...(req.section === 'openaiEndpoints' ? { endpointIndex: req.index } : {}),
      by: metadata.actor.email,
    },
  };
  const section = sectionLabels[req.section];
  const revealed = revealedIdOf(sealed);
  let value: string | undefined;
  const { result, replayed } = await runIdempotent(db, idempotency, async (trx) => {
    const appended = await appendToStream(trx, secretRevealsStreamId(req.section), [event], {
      expectedVersion: 'any',
      metadata,
    });
    value = await opened(trx, secrets, sealed, section, key);
    return { position: appended.position, revealed };
  });
  if (!replayed && value !== undefined) return value;
  if (storedRevealedId(result) !== revealed) throw new RevealReplayRefusedError(section, key);
  return opened(db, secrets, sealed, section, key);
};
