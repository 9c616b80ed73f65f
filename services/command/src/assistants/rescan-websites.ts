import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  assistantMessages,
  assistantStreamId,
  assistantUuid,
  dataSourceKey,
  isWebsiteFileType,
  type AssistantDefinition,
  type EventMetadata,
  type RescanWebsitesRequest,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { fileStateOf } from '../files/index';
import { handleCommand } from '../shared/handle-command';
import { rescanWebsite } from '../websites/index';
import { assistantDecider } from './assistant-decider';
import { AssistantRefusal } from './assistant-commands';
import { loadAssistant } from './assistant-reads';
import { runAssistantCommand, type AssistantRoutesOptions } from './assistant-service';

/** Each file's fetch is a command of its own: its id derived from the request's and the key (a retry records once). */
const perFile = (metadata: EventMetadata, key: string): EventMetadata => ({
  ...metadata,
  commandId: createHash('sha256').update(`${metadata.commandId}\n${key}`).digest('hex').slice(0, 32),
  causationId: metadata.commandId,
});

/** Website files fetched again at once. */
const concurrency = 4;

/** The assistant's website files: its data sources and file keys that are its owner's website pages or sitemaps. */
export const websiteKeysOf = async (db: Db, assistant: AssistantDefinition): Promise<string[]> => {
  const keys = [...new Set([...assistant.dataSources.map(dataSourceKey), ...assistant.fileKeys])];
  const states = await Promise.all(keys.map((key) => fileStateOf(db, key)));
  return keys.filter((_, i) => {
    const s = states[i];
    return (
      s !== null && s !== undefined && s.owner === assistant.owner && !s.deleted && isWebsiteFileType(s.type)
    );
  });
};

/**
 * POST /assistant/rescan_websites: the assistant's website files fetched again through the websites'
 * guarded client (`rescanWebsite`: a changed page is stored and processed again). Recorded first
 * (AssistantWebsitesRescanned, its owner only); answers the keys whose content changed.
 */
export const rescanAssistantWebsites = async (
  opts: AssistantRoutesOptions,
  request: FastifyRequest,
  body: RescanWebsitesRequest,
): Promise<string[]> => {
  const { websites } = opts;
  if (!websites) throw new AssistantRefusal(assistantMessages.rescanUnavailable, 503);
  const assistant = await loadAssistant(opts.db, body.assistantId);
  if (!assistant) throw new AssistantRefusal(assistantMessages.notFound, 404);
  if (assistant.builtIn) throw new AssistantRefusal(assistantMessages.builtInReadOnly, 403);
  const keys = await websiteKeysOf(opts.db, assistant);
  const { metadata } = await runAssistantCommand(
    opts,
    request,
    'rescanAssistantWebsites',
    async (trx, ctx) => {
      const groupAdmin =
        assistant.groupId !== null && opts.groups
          ? await opts.groups.isGroupAdmin(trx, assistant.groupId, ctx.email)
          : false;
      const outcome = await handleCommand(
        trx,
        assistantDecider,
        assistantStreamId(assistantUuid(assistant.assistantId)),
        {
          type: 'RescanAssistantWebsites',
          actor: { email: ctx.email, groupAdmin },
          data: { keys, force: body.forceRescan },
        },
        { metadata: ctx.metadata },
      );
      return { outcome, metadata: ctx.metadata };
    },
  );
  const changed: string[] = [];
  for (let i = 0; i < keys.length; i += concurrency) {
    const outcomes = await Promise.all(
      keys
        .slice(i, i + concurrency)
        .map((key) => rescanWebsite(opts.db, key, websites, perFile(metadata, key))),
    );
    outcomes.forEach((o, j) => {
      const key = keys[i + j];
      if (o.outcome === 'changed' && key !== undefined) changed.push(key);
    });
  }
  return changed;
};
