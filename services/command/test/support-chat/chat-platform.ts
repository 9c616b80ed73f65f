import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  chatRoute,
  chatStreamId,
  chatStreamUrl,
  routes,
  sessionCookieName,
  type ChatChunk,
  type ChatRequestInput,
  type RecordedEvent,
} from '@app/contracts';
import {
  createLogger,
  createOutboundClient,
  createSecretBox,
  createServiceApp,
  loopbackAllowEntries,
  newMasterKey,
  parseAllowList,
  parseMasterKey,
  eventColumns,
  readStream,
  toRecordedEvent,
  type BlobStore,
  type Db,
  type OutboundClient,
  type SecretBox,
} from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { chatStreamRoutes, commandService, seedAdmins } from '../../src/index';
import type { ChatStreamStore, StopBus } from '../../src/chat/streams/ports';
import { fakeSpend, fakeStopBus, fakeStreamStore, type FakeSpend, type FakeStream } from './fake-ports';
import {
  chatFollowedElsewhere,
  chatRouter,
  requestIdOf,
  sharedStreams,
  stopOf,
  testInstances,
} from './chat-instances';
import type { ChatRetriever } from '../../src/chat/retrieval';
import type { AssistantsWiring } from '../../src/assistants/wiring';

/** One SSE event of a chat answer: its id and chunk. */
export interface SseEvent {
  id: number;
  chunk: ChatChunk;
}

/** The answer's text, whatever chunks it came in (tokens that arrive in one turn go out as one). */
export const answerText = (chunks: readonly ChatChunk[]): string =>
  chunks.map((c) => (c.s === 'answer' && typeof c.d === 'string' ? c.d : '')).join('');

/** The events of an SSE body, and how many keep-alive comments came between them. */
export const parseSse = (body: string): { events: SseEvent[]; keepAlives: number } => {
  const events: SseEvent[] = [];
  let keepAlives = 0;
  for (const block of body.split('\n\n')) {
    if (block === '') continue;
    if (block === ': keep-alive') {
      keepAlives++;
      continue;
    }
    const id = /^id: (\d+)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (id === undefined || data === undefined) throw new Error(`not an SSE event: ${block}`);
    events.push({ id: Number(id), chunk: JSON.parse(data) as ChatChunk });
  }
  return { events, keepAlives };
};

export interface ChatPlatform {
  /** The first instance; closing it closes them all. */
  app: FastifyInstance;
  /** Every instance (TEST_INSTANCES: two, on one database and one Redis, as two cluster workers). */
  apps: FastifyInstance[];
  database: TestDatabase;
  outbound: OutboundClient;
  /** What every instance's stream writers were told, by request id. */
  streams: ChatStreamStore & { streams: Map<string, FakeStream> };
  /** The stops every instance published. */
  stopBus: StopBus & { published: string[] };
  spend: FakeSpend;
  /** POST /amplifymin/configs/update as the admin; throws unless every section saved. */
  configure(configurations: { type: string; data: unknown }[]): Promise<void>;
  /**
   * POST /api/chat as `email` (session cookie and the app's Origin). With two instances, requests
   * take turns, a stop goes to another instance than its request's, and that other instance
   * follows the request's stream (GET /api/chat/stream) and must read what the request answered.
   */
  chat(email: string, body: ChatRequestInput | Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** The events of one chat request's stream. */
  chatEvents(requestId: string): Promise<RecordedEvent[]>;
  /** Every chat event of the log (streams chat-...). */
  allChatEvents(): Promise<RecordedEvent[]>;
  signIn(email: string): Promise<string>;
  close(): Promise<void>;
}

export const admin = 'admin@example.com';

/**
 * The command service with the chat relay on its own database: the real outbound client (loopback
 * allowed, as the embedded default), the ports faked in memory. No projections: chat reads the log.
 */
/** Builds the chat's retrieval on the platform's database, secrets and outbound client. */
export type RetrievalFactory = (ports: {
  db: Db;
  secrets: SecretBox;
  outbound: OutboundClient;
}) => ChatRetriever;

export const startChatPlatform = async (
  options: {
    keepAliveMs?: number;
    retrieval?: RetrievalFactory;
    assistants?: AssistantsWiring;
    /** The object store of files (uploads, the images a chat request sends); none: no file routes. */
    blobs?: BlobStore;
    /** Each user's budget of state-changing requests per minute (default: more than any test sends). */
    commandsPerMinute?: number;
  } = {},
): Promise<ChatPlatform> => {
  const database = await createTestDatabase();
  const { db } = database;
  const outbound = createOutboundClient({ allow: parseAllowList(loopbackAllowEntries) });
  // One instance: the streams and stops in memory. Two (TEST_INSTANCES): on the backend they share.
  const instances = testInstances();
  const shared = instances > 1 ? sharedStreams(database) : undefined;
  const first = shared?.instance();
  const streams = first && shared ? { ...first.store, streams: shared.streams } : fakeStreamStore();
  const stopBus = first && shared ? { ...first.stopBus, published: shared.published } : fakeStopBus();
  const spend = fakeSpend();
  await seedAdmins(db, [admin]);
  // No projection runner here: the admins read model is written by hand (the admin configures).
  await db.insertInto('rm_admins').values({ email: admin, added_by: 'test', added_at: new Date() }).execute();
  const secrets = createSecretBox(parseMasterKey(newMasterKey()));
  // Cluster workers share the session secret: a session signed in on one is valid on every other.
  const sessionSecret = randomBytes(32).toString('base64url');
  const retrieval = options.retrieval?.({ db, secrets, outbound });
  const startApp = async (
    ports: { streams: ChatStreamStore; stopBus: StopBus },
    onClose?: () => Promise<void>,
  ) => {
    const app = await createServiceApp({
      db,
      logger: createLogger('silent', 'test'),
      sessionSecret,
      devLogin: true,
      rateLimits: { signInPerMinute: 10_000, commandsPerMinute: options.commandsPerMinute ?? 10_000 },
    });
    await app.register(
      commandService({
        db,
        secrets,
        chat: {
          outbound,
          ...ports,
          spend,
          ...(retrieval ? { retrieval } : {}),
          ...(options.keepAliveMs === undefined ? {} : { keepAliveMs: options.keepAliveMs }),
        },
        ...(options.assistants ? { assistants: options.assistants } : {}),
        ...(options.blobs ? { documents: { blobs: options.blobs } } : {}),
      }),
    );
    // A reload's GET /api/chat/stream/:requestId, as the platform serves it.
    await app.register(chatStreamRoutes({ store: ports.streams }));
    if (onClose) app.addHook('onClose', onClose);
    await app.ready();
    return app;
  };
  // Two instances: closing the first (as close() does, or a test shutting the server down) closes
  // the second once its follows have read their streams to the end, then the streams they share.
  const second = shared?.instance();
  const others = second ? [await startApp({ streams: second.store, stopBus: second.stopBus })] : [];
  const app = await startApp({ streams, stopBus }, async () => {
    await shared?.followsEnded();
    await Promise.all(others.map((other) => other.close()));
    await shared?.close();
  });
  const apps: FastifyInstance[] = [app, ...others];
  const route = chatRouter(apps.length);
  const on = (i: number) => apps[i] ?? app;

  const cookies = new Map<string, string>();
  const signIn = async (email: string): Promise<string> => {
    const res = await on(route.any()).inject({ method: 'POST', url: routes.devLogin, payload: { email } });
    const cookie = res.cookies.find((c) => c.name === sessionCookieName);
    if (!cookie) throw new Error(`dev-login failed: ${res.statusCode} ${res.body}`);
    cookies.set(email, cookie.value);
    return cookie.value;
  };
  const session = async (email: string) => ({
    [sessionCookieName]: cookies.get(email) ?? (await signIn(email)),
  });
  const post = async (i: number, email: string, url: string, body: unknown) =>
    on(i).inject({
      method: 'POST',
      url,
      cookies: await session(email),
      headers: { origin: 'http://localhost' },
      payload: body as object,
    });
  const chat: ChatPlatform['chat'] = async (email, body) => {
    const i = route.chat(body);
    const requestId = requestIdOf(body);
    if (!shared || requestId === undefined || stopOf(body) !== undefined)
      return post(i, email, chatRoute, body);
    // Two instances: another one follows the request's stream while it is answered.
    const cookies = await session(email);
    return chatFollowedElsewhere(
      requestId,
      shared,
      () => post(i, email, chatRoute, body),
      () => on(route.other(requestId)).inject({ method: 'GET', url: chatStreamUrl(requestId), cookies }),
    );
  };

  return {
    app,
    apps,
    database,
    outbound,
    streams,
    stopBus,
    spend,
    signIn,
    configure: async (configurations) => {
      const res = await post(route.any(), admin, routes.configsUpdate, { configurations });
      if (res.statusCode !== 200) throw new Error(`configure: ${res.statusCode} ${res.body}`);
    },
    chat,
    chatEvents: (requestId) => readStream(db, chatStreamId(requestId)),
    allChatEvents: async () =>
      (
        await db
          .selectFrom('events')
          .select(eventColumns)
          .where('stream_id', 'like', 'chat-%')
          .orderBy('global_position')
          .execute()
      ).map(toRecordedEvent),
    close: async () => {
      await app.close();
      await outbound.close();
      await database.drop();
    },
  };
};
