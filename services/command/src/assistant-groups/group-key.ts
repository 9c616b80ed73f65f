import {
  assistantGroupStreamId,
  defaultAccountId,
  defaultAccountName,
  unlimitedRateLimit,
  type EventMetadata,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { deactivateApiKey, issueApiKey } from '../api-keys/index';
import { handleCommand, type CommandOutcome } from '../shared/handle-command';
import { assistantGroupDecider, type AssistantGroup } from './group-decider';

/**
 * Gives the group a new system API key (owner: the group's id; chat and assistants), deactivates the
 * one it had, and records the new key's id on the group (the key's owner is the group; the admin is the events' actor): all in the caller's transaction. The secret
 * is dropped here: it is stored only as its SHA-256 (the API keys' rows) and never answered.
 */
export const replaceGroupKey = async (
  trx: Db,
  group: AssistantGroup,
  metadata: EventMetadata,
): Promise<CommandOutcome> => {
  const issued = await issueApiKey(
    trx,
    {
      owner: group.groupId,
      applicationName: `${group.groupName} group`,
      applicationDescription: `The system key of the assistant admin group ${group.groupName}.`,
      account: { id: defaultAccountId, name: defaultAccountName, isDefault: true },
      rateLimit: unlimitedRateLimit(),
      accessTypes: ['chat', 'assistants'],
      systemUse: true,
    },
    metadata,
  );
  if (group.apiKeyId !== null) await deactivateApiKey(trx, group.apiKeyId, group.groupId, metadata);
  return handleCommand(
    trx,
    assistantGroupDecider(group.groupId),
    assistantGroupStreamId(group.groupId),
    { type: 'RecordGroupKey', data: { apiKeyId: issued.apiKeyId } },
    { metadata },
  );
};
