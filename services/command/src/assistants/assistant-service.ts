import { assistantMessages } from '@app/contracts';
import {
  commandMetadata,
  DomainError,
  requestHashOf,
  runIdempotent,
  type AwaitProjected,
  type Db,
  type SecretBox,
} from '@app/platform';
import type { FastifyRequest } from 'fastify';
import type { WebsiteServices } from '../websites/index';
import type { CommandOutcome } from '../shared/handle-command';
import type { AssistantGroupPorts } from './assistant-reads';
import type { PathTermCheck } from './path-terms';
import { AssistantRefusal } from './assistant-commands';
import { awaitCommandProjected } from '../shared/projected-answer';

const forbidden = new Set<string>([assistantMessages.notOwner, assistantMessages.notGroupAdmin]);

/** What the assistant routes run on. */
export interface AssistantRoutesOptions {
  db: Db;
  secrets: SecretBox;
  awaitProjected: AwaitProjected;
  /** The inappropriate-term check of paths (model, then filter). */
  pathTerms: PathTermCheck;
  /** Assistant groups (F); without it a group assistant is its creator's alone. */
  groups?: AssistantGroupPorts;
  /** For POST /assistant/rescan_websites: the websites' guarded client and the blob store. */
  websites?: WebsiteServices;
}

/**
 * Runs a command once per command id (Idempotency-Key) in one transaction, as the caller; answers
 * once the read models show it when the projections run in this process.
 */
export const runAssistantCommand = async <R extends { outcome: CommandOutcome }>(
  opts: AssistantRoutesOptions,
  request: FastifyRequest,
  work: (trx: Db, ctx: { email: string; metadata: ReturnType<typeof commandMetadata> }) => Promise<R>,
): Promise<R> => {
  const actor = await request.actor();
  const metadata = commandMetadata(request, actor);
  const { result, replayed } = await runIdempotent<R>(
    opts.db,
    { actor: actor.email, commandId: metadata.commandId, requestHash: requestHashOf(request) },
    (trx) => work(trx, { email: actor.email, metadata }),
  ).catch((e: unknown) => {
    // Not theirs to change: 403 (the decider's words), not a broken rule's 400.
    if (e instanceof DomainError && forbidden.has(e.message)) throw new AssistantRefusal(e.message, 403);
    throw e;
  });
  if (!replayed) await awaitCommandProjected(request, opts.db, opts.awaitProjected, result.outcome);
  return result;
};
