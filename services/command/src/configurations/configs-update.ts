import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMessages,
  ConfigsUpdateRequest,
  ConfigsUpdateResponse,
  ConflictResponse,
  errorResponses,
  ErrorResponse,
  isSectionType,
  platformMessages,
  projectedHeader,
  sectionLabels,
  type SectionResult,
  type SectionType,
} from '@app/contracts';
import {
  ConcurrencyError,
  DomainError,
  idempotencyKeyOf,
  refuseReusedKey,
  runIdempotent,
  type AllowList,
  type AwaitProjected,
  type Db,
  type SecretBox,
} from '@app/platform';
import { parseSection, sectionHandlers } from './sections';
import type { CommandOutcome } from '../shared/handle-command';
import { saveRuleRefusals } from './save-rules';
import { timedCommand } from '../shared/command-metrics';
import { commandCallOf } from '../shared/command-route';
import { awaitSectionsProjected, type SectionAppend } from '../shared/projected-answer';

const maxPosition = (a: string, b: string) => (BigInt(a) >= BigInt(b) ? a : b);

/** A section's notes (e.g. 'Removed <model> (no endpoints configured)'), listed and as its message. */
const notesOf = (o: CommandOutcome): Pick<SectionResult, 'notes' | 'message'> =>
  o.notes && o.notes.length > 0 ? { notes: o.notes, message: o.notes.join('\n') } : {};

const failure = (e: unknown, label: string): SectionResult => {
  if (e instanceof DomainError) return { success: false, reason: 'invalid', message: e.message };
  if (e instanceof ConcurrencyError) {
    return {
      success: false,
      reason: 'conflict',
      message: platformMessages.staleSection(
        label,
        e.lastActor ?? 'someone',
        e.lastChangedAt ?? 'an earlier time',
      ),
      version: e.actual,
      ...(e.lastActor ? { changedBy: e.lastActor } : {}),
    };
  }
  throw e;
};

/**
 * POST /amplifymin/configs/update: every section is its own command on its own stream; the answer
 * reports each one, so a partial failure says which sections were not saved. An Idempotency-Key
 * names the whole request: each section's command id is derived from it, and each stores the hash
 * of the whole request, so the key sent again with another body (or to another route) is a 409.
 * Where this process projects (`awaitProjected`), the answer waits for the save's events and says
 * whether they are in the read models (`projected`).
 */
export const configsUpdateRoute =
  (
    db: Db,
    path: string,
    secrets: SecretBox,
    awaitProjected: AwaitProjected | undefined,
    endpointAllow?: AllowList,
  ): FastifyPluginAsync =>
  async (app) => {
    const schema = {
      description:
        'Saves sections of the configuration, each its own command; the answer reports each one ' +
        '(400 when one was refused, 409 when one was changed since it was loaded).',
      body: ConfigsUpdateRequest,
      response: {
        ...errorResponses,
        200: ConfigsUpdateResponse,
        400: z.union([ConfigsUpdateResponse, ErrorResponse]),
        409: z.union([ConfigsUpdateResponse, ConflictResponse]),
      },
    };
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(path, { preValidation: app.requireAdmin, schema }, async (request, reply) => {
        const idempotencyKey = idempotencyKeyOf(request);
        const body = request.body;
        const unknownType = body.configurations.find((c) => !isSectionType(c.type));
        if (unknownType) {
          return reply
            .code(400)
            .send({ success: false, message: platformMessages.unknownSection(unknownType.type) });
        }
        // One entry per section: a second one would be decided against the first's result, or (same
        // Idempotency-Key, same commandId) silently answered with the first one's result.
        const repeated = body.configurations.find(
          (c, i) => body.configurations.findIndex((d) => d.type === c.type) !== i,
        );
        if (repeated) {
          const message = `configurations: the section '${repeated.type}' is listed more than once`;
          return reply.code(400).send({ success: false, message });
        }
        // Every section's shape is checked before any is handled: malformed input appends nothing.
        const parsed = body.configurations.map((c, i) => {
          const type = c.type as SectionType;
          return {
            type,
            data: parseSection(type, c.data, ['configurations', i, 'data']),
            version: c.version,
          };
        });
        // The headers events keep are checked before anything runs (a 400 for a bad one).
        const call = await commandCallOf(request);
        const { requestHash } = call.key;
        if (idempotencyKey !== undefined) {
          await refuseReusedKey(db, { actor: call.actor.email, commandId: idempotencyKey, requestHash });
        }
        const data: Record<string, SectionResult> = {};
        let position = '0';
        /** What this request appended (not a replay's): what the answer waits to see projected. */
        const appended: SectionAppend[] = [];
        // Rules across tabs, on the configuration as it would be after the save: a section that would
        // break one fails with the rule's message and appends nothing.
        const refusals = await saveRuleRefusals(db, parsed);
        for (const section of parsed) {
          const refusal = refusals.get(section.type);
          const metadata = { ...call.metadata, commandId: `${call.metadata.commandId}:${section.type}` };
          const key = {
            ...call.key,
            commandId: metadata.commandId,
            ...(idempotencyKey === undefined ? {} : { requestKey: idempotencyKey }),
          };
          const run = () =>
            runIdempotent<CommandOutcome>(db, key, (trx) =>
              (sectionHandlers[section.type] as (d: Db, x: unknown, o: object) => Promise<CommandOutcome>)(
                trx,
                section.data,
                {
                  metadata,
                  secrets,
                  ...(endpointAllow ? { endpointAllow } : {}),
                  ...(section.version === undefined ? {} : { expectedVersion: section.version }),
                },
              ),
            );
          try {
            // commands_total / command_duration_seconds, by section type and outcome.
            const { result, replayed } = await timedCommand(section.type, async () => {
              if (refusal !== undefined) throw new DomainError(refusal);
              return run().catch(async (e: unknown) => {
                // A retry that ran alongside the first attempt loses the append race to it (its own
                // events took the versions): that is the same command, so it answers the first
                // attempt's result.
                const first =
                  e instanceof ConcurrencyError
                    ? await runIdempotent<CommandOutcome>(db, key, () => Promise.reject(e)).catch(
                        () => undefined,
                      )
                    : undefined;
                if (!first) throw e;
                return first;
              });
            });
            position = maxPosition(position, result.position);
            if (!replayed && result.eventCount > 0)
              appended.push({
                section: section.type,
                position: result.position,
                eventCount: result.eventCount,
              });
            data[section.type] = { success: true, version: result.version, ...notesOf(result) };
          } catch (e) {
            data[section.type] = failure(e, sectionLabels[section.type]);
          }
        }
        // The answer follows the read models: whoever reads or watches next sees this save.
        const shown = await awaitSectionsProjected(db, awaitProjected, appended);
        const failed = parsed.filter((s) => !data[s.type]?.success);
        const answer: ConfigsUpdateResponse = {
          success: failed.length === 0,
          data,
          position,
          ...(shown ? { projected: shown.projected } : {}),
          ...(shown && shown.notProjected.length > 0 ? { notProjected: shown.notProjected } : {}),
          ...(failed.length > 0
            ? { message: adminMessages.partialSaveFailed(failed.map((s) => sectionLabels[s.type])) }
            : shown?.message
              ? { message: shown.message }
              : {}),
        };
        if (shown) void reply.header(projectedHeader, String(shown.projected));
        const status = failed.some((s) => data[s.type]?.reason === 'conflict')
          ? 409
          : failed.length > 0
            ? 400
            : 200;
        return reply.code(status).send(answer);
      });
  };
