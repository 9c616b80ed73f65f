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
  DomainError,
  refuseReusedKey,
  runIdempotent,
  SecretUnavailableError,
  type Db,
  type SecretBox,
} from '@app/platform';
import { applicationSecretsDecider, applicationVariablesDecider } from '../domain/application-variables';
import { openaiEndpointsDecider } from '../domain/openai-endpoints';
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
 * Reveals one saved value to an admin: `SecretRevealed` is recorded first (who, which value; never the
 * value), then the value is decrypted for the answer, in the same transaction: a value whose data key
 * was destroyed (shredded), or that this master key cannot open, is refused with a message saying so
 * and its reveal is not recorded. A retry with the same Idempotency-Key records
 * nothing more; the same key sent to reveal another value (`requestHash` differs) is refused (409)
 * before anything is recorded or decrypted. The recorded command result holds the position only,
 * never the value.
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
  let value: string | undefined;
  await runIdempotent(db, idempotency, async (trx) => {
    const appended = await appendToStream(trx, secretRevealsStreamId(req.section), [event], {
      expectedVersion: 'any',
      metadata,
    });
    value = await opened(trx, secrets, sealed, section, key);
    return { position: appended.position };
  });
  return value ?? (await opened(db, secrets, sealed, section, key));
};
