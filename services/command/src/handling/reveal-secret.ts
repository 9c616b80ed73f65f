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

/**
 * Reveals one saved value to an admin: `SecretRevealed` is recorded first (who, which value; never the
 * value), then the value is decrypted for the answer. A retry with the same Idempotency-Key records
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
  await runIdempotent(db, idempotency, async (trx) => {
    const appended = await appendToStream(trx, secretRevealsStreamId(req.section), [event], {
      expectedVersion: 'any',
      metadata,
    });
    return { position: appended.position };
  });
  return secrets.open(sealed);
};
