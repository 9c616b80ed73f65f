import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  chatRoute,
  chatStreamId,
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
import { commandService, seedAdmins } from '../../src/index';
import { fakeSpend, fakeStopBus, fakeStreamStore, type FakeSpend } from './fake-ports';
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
  app: FastifyInstance;
  database: TestDatabase;
  outbound: OutboundClient;
  streams: ReturnType<typeof fakeStreamStore>;
  stopBus: ReturnType<typeof fakeStopBus>;
  spend: FakeSpend;
  /** POST /amplifymin/configs/update as the admin; throws unless every section saved. */
  configure(configurations: { type: string; data: unknown }[]): Promise<void>;
  /** POST /api/chat as `email` (session cookie and the app's Origin). */
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
  } = {},
): Promise<ChatPlatform> => {
  const database = await createTestDatabase();
  const { db } = database;
  const outbound = createOutboundClient({ allow: parseAllowList(loopbackAllowEntries) });
  const streams = fakeStreamStore();
  const stopBus = fakeStopBus();
  const spend = fakeSpend();
  await seedAdmins(db, [admin]);
  // No projection runner here: the admins read model is written by hand (the admin configures).
  await db.insertInto('rm_admins').values({ email: admin, added_by: 'test', added_at: new Date() }).execute();
  const app = await createServiceApp({
    db,
    logger: createLogger('silent', 'test'),
    sessionSecret: randomBytes(32).toString('base64url'),
    devLogin: true,
    rateLimits: { signInPerMinute: 10_000, commandsPerMinute: 10_000 },
  });
  const secrets = createSecretBox(parseMasterKey(newMasterKey()));
  const retrieval = options.retrieval?.({ db, secrets, outbound });
  await app.register(
    commandService({
      db,
      secrets,
      chat: {
        outbound,
        streams,
        stopBus,
        spend,
        ...(retrieval ? { retrieval } : {}),
        ...(options.keepAliveMs === undefined ? {} : { keepAliveMs: options.keepAliveMs }),
      },
      ...(options.assistants ? { assistants: options.assistants } : {}),
      ...(options.blobs ? { documents: { blobs: options.blobs } } : {}),
    }),
  );
  await app.ready();

  const cookies = new Map<string, string>();
  const signIn = async (email: string): Promise<string> => {
    const res = await app.inject({ method: 'POST', url: routes.devLogin, payload: { email } });
    const cookie = res.cookies.find((c) => c.name === sessionCookieName);
    if (!cookie) throw new Error(`dev-login failed: ${res.statusCode} ${res.body}`);
    cookies.set(email, cookie.value);
    return cookie.value;
  };
  const post = async (email: string, url: string, body: unknown) =>
    app.inject({
      method: 'POST',
      url,
      cookies: { [sessionCookieName]: cookies.get(email) ?? (await signIn(email)) },
      headers: { origin: 'http://localhost' },
      payload: body as object,
    });

  return {
    app,
    database,
    outbound,
    streams,
    stopBus,
    spend,
    signIn,
    configure: async (configurations) => {
      const res = await post(admin, routes.configsUpdate, { configurations });
      if (res.statusCode !== 200) throw new Error(`configure: ${res.statusCode} ${res.body}`);
    },
    chat: (email, body) => post(email, chatRoute, body),
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
