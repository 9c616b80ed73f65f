import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  projectedHeader,
  projectionMessages,
  sectionLabels,
  type NotProjectedEvent,
  type SectionType,
} from '@app/contracts';
import { setAsideAmong, type AwaitProjected, type Db } from '@app/platform';

/** What a section's command appended: its last event's position and how many events. */
export interface SectionAppend {
  section: SectionType;
  position: string;
  eventCount: number;
}

export interface ProjectedAnswer {
  projected: boolean;
  notProjected: NotProjectedEvent[];
  /** For a successful save that is not shown yet: which sections, in words. */
  message?: string;
}

const latest = (appends: readonly SectionAppend[]): string =>
  appends.reduce((a, b) => (BigInt(b.position) > BigInt(a) ? b.position : a), '0');

/**
 * Read your writes: waits (bounded) until the save's events are projected, then says whether they
 * are in the read models: not when the wait ran out (every section it appended to is named), or when
 * a projection set one of them aside (its sections are named, and the events listed). Null when this
 * process does not project, or nothing was appended: there is nothing to wait for.
 */
export const awaitSectionsProjected = async (
  db: Db,
  awaitProjected: AwaitProjected | undefined,
  appends: readonly SectionAppend[],
): Promise<ProjectedAnswer | null> => {
  if (!awaitProjected || appends.length === 0) return null;
  const inTime = await awaitProjected(latest(appends));
  const setAside = await setAsideAmong(db, appends);
  const notProjected = setAside.flatMap(({ append, position, eventType, projection }) => {
    const section = appends.find((a) => a.position === append)?.section;
    return section ? [{ section, position, eventType, projection }] : [];
  });
  if (inTime && notProjected.length === 0) return { projected: true, notProjected };
  const sections = inTime ? [...new Set(notProjected.map((e) => e.section))] : appends.map((a) => a.section);
  return {
    projected: false,
    notProjected,
    message: projectionMessages.savedNotShown(sections.map((s) => sectionLabels[s])),
  };
};

/** One command's append: its last event's position and how many events (0: nothing to wait for). */
export interface CommandAppend {
  position: string;
  eventCount: number;
}

/** Whether each request's events were projected, for `markProjected` to say on its answer. */
const projectedOf = new WeakMap<FastifyRequest, boolean>();

/**
 * Read your writes for any route that waits: waits (bounded) until the command's events are
 * projected, and answers whether they are in the read models: false when the wait ran out (or this
 * process does not project), or when a projection set one of them aside. The request's answer then
 * says so in `x-projected` (`markProjected`). Nothing appended: true at once.
 */
export const awaitCommandProjected = async (
  request: FastifyRequest,
  { db, awaitProjected }: { db: Db; awaitProjected: AwaitProjected },
  append: CommandAppend,
): Promise<boolean> => {
  const projected =
    append.eventCount === 0 ||
    ((await awaitProjected(append.position)) && (await setAsideAmong(db, [append])).length === 0);
  projectedOf.set(request, projected);
  return projected;
};

/** Sets `x-projected: true|false` on the answer of each request that waited (`awaitCommandProjected`). */
export const markProjected = (app: FastifyInstance): void => {
  app.addHook('onSend', async (request, reply, payload) => {
    const projected = projectedOf.get(request);
    if (projected !== undefined) void reply.header(projectedHeader, String(projected));
    return payload;
  });
};
