import type { LightMyRequestResponse } from 'fastify';
import type { TestDatabase } from '@app/platform/testing';
import type { ChatStreamStore, ChatStreamWriter, StopBus } from '../../src/chat/streams/ports';
import { pgBackend, redisBackend, type StreamsBackend } from '../integration/chat-streams-backends';
import type { FakeStream } from './fake-ports';

/**
 * How many app instances a chat test platform starts: TEST_INSTANCES (the vitest project
 * 'integration-2' sets 2). Two are two cluster workers on one database and one Redis: a request,
 * its stop and its resume may each land on either.
 */
export const testInstances = (): 1 | 2 => (Number(process.env['TEST_INSTANCES'] ?? '1') >= 2 ? 2 : 1);

/**
 * The streams and stops every instance shares, as production has them (Redis when REDIS_URL is set,
 * else PostgreSQL), each instance with a store and a bus of its own. What every instance's writers
 * were told and every stop published is recorded in one place, as the in-memory fakes record it, so
 * a test reads the same whichever instance served.
 */
export interface SharedStreams {
  backend: StreamsBackend['name'];
  /** Instance `i`'s store and bus (recording into `streams` and `published`). */
  instance(): { store: ChatStreamStore; stopBus: StopBus };
  streams: Map<string, FakeStream>;
  published: string[];
  /** Resolves once a stream of `requestId` is opened from now on (the store answered its writer). */
  nextOpen(requestId: string): { opened: () => boolean; promise: Promise<void>; cancel(): void };
  /** Counts a follow in flight until it ends. */
  following<T>(follow: Promise<T>): Promise<T>;
  /**
   * Once the follows in flight have read their streams to the end (at most 10 s): an instance
   * shutting down ends its streams, which the other's followers are still reading.
   */
  followsEnded(): Promise<void>;
  /** Closes every store and bus, and removes what they kept. */
  close(): Promise<void>;
}

export const sharedStreams = (database: TestDatabase): SharedStreams => {
  const redisUrl = process.env['REDIS_URL'];
  const backend = redisUrl ? redisBackend(redisUrl) : pgBackend(database);
  const streams = new Map<string, FakeStream>();
  const published: string[] = [];
  const follows = new Set<Promise<unknown>>();
  const openWaiters = new Map<string, Set<() => void>>();
  const opened = (requestId: string) => {
    for (const wake of openWaiters.get(requestId) ?? []) wake();
  };

  const recording = (store: ChatStreamStore): ChatStreamStore => ({
    open: async (requestId, owner) => {
      const writer = await store.open(requestId, owner);
      const stream: FakeStream = { owner, chunks: [], ended: false };
      streams.set(requestId, stream);
      opened(requestId);
      const recorded: ChatStreamWriter = {
        write: (chunk) => {
          const id = writer.write(chunk);
          stream.chunks.push({ id, chunk });
          return id;
        },
        end: async () => {
          await writer.end();
          stream.ended = true;
        },
      };
      return recorded;
    },
    follow: (...args) => store.follow(...args),
    close: () => store.close(),
  });
  const recordingBus = (bus: StopBus): StopBus => ({
    publish: async (requestId) => {
      published.push(requestId);
      await bus.publish(requestId);
    },
    subscribe: (requestId, onStop, options) => bus.subscribe(requestId, onStop, options),
    close: () => bus.close(),
  });

  return {
    backend: backend.name,
    instance: () => ({ store: recording(backend.store()), stopBus: recordingBus(backend.stopBus()) }),
    streams,
    published,
    nextOpen: (requestId) => {
      let done = false;
      const waiters = openWaiters.get(requestId) ?? new Set();
      openWaiters.set(requestId, waiters);
      let wake = () => undefined as void;
      const cancel = () => {
        waiters.delete(wake);
        if (waiters.size === 0 && openWaiters.get(requestId) === waiters) openWaiters.delete(requestId);
      };
      const promise = new Promise<void>((resolve) => {
        wake = () => {
          done = true;
          cancel();
          resolve();
        };
        waiters.add(wake);
      });
      return { opened: () => done, promise, cancel };
    },
    following: (follow) => {
      const counted: Promise<unknown> = follow.then(
        (): unknown => follows.delete(counted),
        (): unknown => follows.delete(counted),
      );
      follows.add(counted);
      return follow;
    },
    followsEnded: async () => {
      let bound: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all([...follows]),
        new Promise((resolve) => (bound = setTimeout(resolve, 10_000))),
      ]);
      clearTimeout(bound);
    },
    close: () => backend.close(),
  };
};

/**
 * Which instance serves each call: chat requests in turn (the first on the first instance), a stop
 * on another instance than its request's, other calls in a turn of their own.
 */
export const chatRouter = (instances: number) => {
  let next = 0;
  let nextOther = 0;
  const servedBy = new Map<string, number>();
  return {
    /** The instance for a call that is not a chat request (sign-ins, configuration), in turn. */
    any: () => nextOther++ % instances,
    /** The instance for POST /api/chat with `body`. */
    chat: (body: unknown): number => {
      const stopped = stopOf(body);
      if (stopped !== undefined) {
        const serving = servedBy.get(stopped);
        return serving === undefined ? next++ % instances : (serving + 1) % instances;
      }
      const i = next++ % instances;
      const id = requestIdOf(body);
      if (id !== undefined) servedBy.set(id, i);
      return i;
    },
    /** Another instance than the one serving `requestId` (where a reload lands). */
    other: (requestId: string): number => ((servedBy.get(requestId) ?? 0) + 1) % instances,
  };
};

const field = (x: unknown, key: string): unknown =>
  typeof x === 'object' && x !== null ? (x as Record<string, unknown>)[key] : undefined;

/** The request id of a kill switch body. */
export const stopOf = (body: unknown): string | undefined => {
  const id = field(field(body, 'killSwitch'), 'requestId');
  return typeof id === 'string' ? id : undefined;
};

/** The request id of a chat request body. */
export const requestIdOf = (body: unknown): string | undefined => {
  const id = field(field(body, 'options'), 'requestId');
  return typeof id === 'string' ? id : undefined;
};

/** The events of an SSE body (keep-alive comments left out), to compare two readings of one stream. */
const eventsOf = (body: string): string =>
  body
    .split('\n\n')
    .filter((block) => block !== '' && block !== ': keep-alive')
    .join('\n\n');

const isEventStream = (res: LightMyRequestResponse) =>
  res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/event-stream');

/**
 * A chat request answered by one instance while another follows its stream from the moment it is
 * opened (GET /api/chat/stream, as a reload would): the follower must read the very events the
 * request answered. Throws when it does not; answers the request's response.
 */
export const chatFollowedElsewhere = async (
  requestId: string,
  shared: SharedStreams,
  post: () => Promise<LightMyRequestResponse>,
  follow: () => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse> => {
  const open = shared.nextOpen(requestId);
  const answering = post();
  let following: Promise<LightMyRequestResponse> | undefined;
  const startFollowing = () => (following ??= shared.following(follow()));
  await Promise.race([open.promise, answering.catch(() => undefined)]);
  // Opened (the writer's store answered before the request ended): follow from here, live.
  // (Handled here too: a request that throws leaves it unread.)
  if (open.opened()) startFollowing().catch(() => undefined);
  open.cancel();
  const res = await answering;
  if (!following) return res;
  const followed = await following;
  if (!isEventStream(res)) return res;
  if (followed.statusCode !== 200 || eventsOf(followed.body) !== eventsOf(res.body))
    throw new Error(
      `${requestId}: another instance followed its stream as ${followed.statusCode}\n` +
        `${eventsOf(followed.body).slice(0, 2000)}\nbut the request answered\n${eventsOf(res.body).slice(0, 2000)}`,
    );
  return res;
};
