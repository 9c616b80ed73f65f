import { assistantMessages } from '@app/contracts';
import { DomainError, type AwaitProjected, type Db, type SecretBox } from '@app/platform';
import type { EventMetadata } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { WebsiteServices } from '../websites/index';
import type { CommandOutcome } from '../shared/handle-command';
import type { AssistantGroupPorts } from './assistant-reads';
import type { PathTermCheck } from './path-terms';
import { AssistantRefusal } from './assistant-commands';
import { runCommand } from '../shared/command-route';

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
 * Runs a command (`type` in the metrics) once per command id (Idempotency-Key) in one transaction,
 * as the caller; answers once the read models show it when the projections run in this process.
 */
export const runAssistantCommand = async <R extends { outcome: CommandOutcome }>(
  opts: AssistantRoutesOptions,
  request: FastifyRequest,
  type: string,
  work: (trx: Db, ctx: { email: string; metadata: EventMetadata }) => Promise<R>,
): Promise<R> => {
  const { result } = await runCommand<R>(
    request,
    opts,
    type,
    (trx, { actor, metadata }) =>
      work(trx, { email: actor.email, metadata }).catch((e: unknown) => {
        // Not theirs to change: 403 (the decider's words), not a broken rule's 400.
        if (e instanceof DomainError && forbidden.has(e.message)) throw new AssistantRefusal(e.message, 403);
        throw e;
      }),
    (r) => r.outcome,
  );
  return result;
};
