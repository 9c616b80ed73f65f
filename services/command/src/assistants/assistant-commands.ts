import { randomUUID } from 'node:crypto';
import {
  assistantLimits,
  assistantMessages,
  assistantPathMessages,
  assistantPathStreamId,
  assistantStreamId,
  assistantUuid,
  isBuiltInAssistantId,
  newAssistantId,
  newAssistantVersionId,
  type AssistantPublication,
  type AssistantVersionData,
  type CreateAssistantRequest,
  type EventMetadata,
} from '@app/contracts';
import { ConcurrencyError, type Db } from '@app/platform';
import { handleCommand, type CommandOutcome } from '../shared/handle-command';
import { assistantDecider, type AssistantActor, type AssistantCommand } from './assistant-decider';
import { loadAssistantState, type AssistantGroupPorts } from './assistant-reads';
import { assistantPathDecider } from './path-decider';

/** A refusal with its HTTP status (answered `{success: false, message}`), nothing appended. */
export class AssistantRefusal extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = 'AssistantRefusal';
  }
}

export interface AssistantCommandOptions {
  metadata: EventMetadata;
  /** Assistant groups (F): who administers a group. Without it, a group assistant is its creator's alone. */
  groups?: AssistantGroupPorts;
  now?: Date;
}

const streamOf = (assistantId: string) => assistantStreamId(assistantUuid(assistantId));

/** One command on the assistant's stream, in the caller's transaction. */
const onAssistant = (db: Db, assistantId: string, command: AssistantCommand, metadata: EventMetadata) =>
  handleCommand(db, assistantDecider, streamOf(assistantId), command, { metadata });

/** The actor as the decider sees them: whether they administer the assistant's group (only asked then). */
const actorFor = async (
  db: Db,
  email: string,
  groupId: string | null,
  groups: AssistantGroupPorts | undefined,
): Promise<AssistantActor> => ({
  email,
  groupAdmin:
    groupId !== null && groups !== undefined ? await groups.isGroupAdmin(db, groupId, email) : false,
});

/** An assistant that exists (404 otherwise; built-ins are read only): its group and where it is published. */
const existing = async (
  db: Db,
  assistantId: string,
): Promise<{ groupId: string | null; astPath: string | null }> => {
  if (isBuiltInAssistantId(assistantId)) throw new AssistantRefusal(assistantMessages.builtInReadOnly, 403);
  const { state } = await loadAssistantState(db, assistantId);
  if (!state.current || state.deleted) throw new AssistantRefusal(assistantMessages.notFound, 404);
  return { groupId: state.current.groupId, astPath: state.publication?.astPath ?? null };
};

export interface CreatedAssistant {
  outcome: CommandOutcome;
  data: AssistantVersionData;
}

/**
 * POST /assistant/create's work, in the caller's transaction: a new assistant (`astp/<uuid>`,
 * version 1, owned by `actor`), or with `payload.assistantId` a new version of an existing one
 * (its owner, or an admin of its group). A new group assistant needs an admin of that group.
 * Exported for the Assistant Admin Groups (F), which create the group's copies with it.
 */
export const createAssistant = async (
  db: Db,
  payload: CreateAssistantRequest,
  actor: { email: string },
  opts: AssistantCommandOptions,
): Promise<CreatedAssistant> => {
  const at = (opts.now ?? new Date()).toISOString();
  const version = {
    id: newAssistantVersionId(randomUUID()),
    provider: payload.provider,
    name: payload.name,
    description: payload.description,
    instructions: payload.instructions,
    disclaimer: payload.disclaimer,
    dataSources: payload.dataSources,
    tags: payload.tags,
    fileKeys: payload.fileKeys,
    tools: payload.tools,
    data: payload.data ?? { provider: payload.provider, tags: payload.tags },
    at,
  };
  if (payload.assistantId) {
    const { assistantId } = payload;
    const { groupId } = await existing(db, assistantId);
    const who = await actorFor(db, actor.email, groupId, opts.groups);
    const outcome = await onAssistant(
      db,
      assistantId,
      { type: 'CreateAssistantVersion', actor: who, data: version },
      opts.metadata,
    );
    const { state } = await loadAssistantState(db, assistantId);
    if (!state.current) throw new AssistantRefusal(assistantMessages.notFound, 404);
    return { outcome, data: state.current };
  }
  const owned = await db
    .selectFrom('rm_assistants')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('owner', '=', actor.email)
    .executeTakeFirst();
  if (Number(owned?.n ?? 0) >= assistantLimits.perUser)
    throw new AssistantRefusal(assistantMessages.tooMany(assistantLimits.perUser), 400);
  const groupId = payload.groupId ?? null;
  if (groupId !== null && !(await actorFor(db, actor.email, groupId, opts.groups)).groupAdmin)
    throw new AssistantRefusal(assistantMessages.notGroupAdmin, 403);
  const assistantId = newAssistantId(randomUUID());
  const data: AssistantVersionData = {
    ...version,
    assistantId,
    version: 1,
    owner: actor.email,
    createdBy: actor.email,
    groupId,
  };
  const outcome = await onAssistant(db, assistantId, { type: 'CreateAssistant', data }, opts.metadata);
  return { outcome, data };
};

/** Frees `astPath` if `assistantId` holds it. */
const releasePath = (db: Db, astPath: string, assistantId: string, metadata: EventMetadata) =>
  handleCommand(
    db,
    assistantPathDecider,
    assistantPathStreamId(astPath),
    { type: 'ReleaseAssistantPath', data: { astPath, assistantId } },
    { metadata },
  );

/** POST /assistant/delete's work, in the caller's transaction: the assistant deleted, its path freed. */
export const deleteAssistant = async (
  db: Db,
  assistantId: string,
  actor: { email: string },
  opts: AssistantCommandOptions,
): Promise<CommandOutcome> => {
  const { groupId, astPath } = await existing(db, assistantId);
  const who = await actorFor(db, actor.email, groupId, opts.groups);
  const outcome = await onAssistant(db, assistantId, { type: 'DeleteAssistant', actor: who }, opts.metadata);
  if (astPath !== null) await releasePath(db, astPath, assistantId, opts.metadata);
  return outcome;
};

/**
 * POST /assistant/add_path's work, in the caller's transaction (the path already checked against
 * the rules): the publication recorded, the path claimed on its stream (refused when another
 * assistant holds it, or claimed it meanwhile), the previous path freed. All of it or nothing.
 */
export const publishAssistantPath = async (
  db: Db,
  assistantId: string,
  publication: AssistantPublication,
  actor: { email: string },
  opts: AssistantCommandOptions & { expectedGroupId?: string },
): Promise<CommandOutcome> => {
  const { groupId, astPath: previous } = await existing(db, assistantId);
  if (opts.expectedGroupId !== undefined && groupId !== opts.expectedGroupId)
    throw new AssistantRefusal(assistantMessages.notFound, 404);
  const who = await actorFor(db, actor.email, groupId, opts.groups);
  const published = await onAssistant(
    db,
    assistantId,
    { type: 'PublishAssistantPath', actor: who, data: publication },
    opts.metadata,
  );
  try {
    await handleCommand(
      db,
      assistantPathDecider,
      assistantPathStreamId(publication.astPath),
      { type: 'ClaimAssistantPath', data: { astPath: publication.astPath, assistantId } },
      { metadata: opts.metadata },
    );
  } catch (e) {
    // Another assistant claimed the path between our read and our append: it is taken.
    if (e instanceof ConcurrencyError) throw new AssistantRefusal(assistantPathMessages.taken, 409);
    throw e;
  }
  if (previous !== null && previous !== publication.astPath)
    await releasePath(db, previous, assistantId, opts.metadata);
  return published;
};
