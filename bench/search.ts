import { sql } from 'kysely';
import { conversationRoutes, searchWords, tsQueryText } from '@app/contracts';
import { openDatabase, type Db } from '@app/platform';
import { searchQuery } from '@app/query';
import { login } from './live-latency';
import type { BenchServer } from './server';
import { percentile } from './stats';

const owner = 'bench-search@example.com';
/** Messages per conversation seeded. */
const perConversation = 10;

export interface SearchFigures {
  messages: number;
  seedSeconds: number;
  /** One row per query: ms of GET search through the platform, and of its SQL alone (the floor). */
  queries: {
    q: string;
    found: number;
    http: { p50: number; p99: number };
    sql: { p50: number; p99: number };
  }[];
}

/** The queries timed: a rare word, a common one with a prefix, two words. */
export const benchQueries = ['needle417', 'topic1', 'harbour zanz'];

/**
 * `total` more messages of `owner` in the read model, `perConversation` a conversation, in one INSERT
 * from generate_series (the tsvector columns generate themselves): words every message has, a topic
 * in one of 50, a 'needle' in one of 1,000, 'harbour zanzibar' in one of 5,000.
 */
const seed = async (db: Db, from: number, total: number) => {
  const conversations = total / perConversation;
  const first = from / perConversation;
  await sql`
    insert into rm_conversations (owner, conversation_id, storage, name, cost, requests, updated_at)
    select ${owner}, 'c' || i, 'future-cloud', 'Conversation ' || i || ' on topic' || (i % 50), 0, ${perConversation / 2},
      now() - i * interval '1 minute'
    from generate_series(${first}::int, ${first + conversations - 1}::int) as i`.execute(db);
  await sql`
    insert into rm_conversation_messages (position, ordinal, owner, conversation_id, request_id, role, content, at)
    select i, 0, ${owner}, 'c' || (i / ${perConversation}), 'r' || (i / 2), case when i % 2 = 0 then 'user' else 'assistant' end,
      'Message ' || i || ' about topic' || (i % 50) || ' and needle' || (i % 1000) || '. '
        || case when i % 5000 = 7 then 'The ferry leaves the harbour for Zanzibar at nine. ' else '' end
        || repeat('Some words about travel, food, museums and the weather in many places. ', 4),
      now() - i * interval '1 second'
    from generate_series(${from}::int, ${from + total - 1}::int) as i`.execute(db);
  await sql`analyze rm_conversation_messages`.execute(db);
  await sql`analyze rm_conversations`.execute(db);
};

const timed = async (n: number, work: () => Promise<unknown>) => {
  for (let i = 0; i < 5; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
};

/**
 * GET /api/conversations/search through the whole platform at each size of one user's cloud
 * messages (`sizes`, seeded straight into the read model), beside its SQL alone on the same database
 * (the floor: `searchQuery`, the same statement, no HTTP, no snippets).
 */
export const measureSearch = async (server: BenchServer, sizes: readonly number[], n: number) => {
  const { startPlatform } = await import('@app/standalone');
  const database = await server.createDatabase({ max: 1 });
  const url = database.url;
  await database.close();
  const platform = await startPlatform({
    databaseUrl: url,
    port: 0,
    host: '127.0.0.1',
    adminEmails: [],
    logLevel: 'silent',
  });
  const plain = openDatabase(url, { max: 1 });
  const figures: SearchFigures[] = [];
  try {
    const cookie = await login(platform.url, owner);
    let seeded = 0;
    for (const size of sizes) {
      const started = performance.now();
      await seed(plain.db, seeded, size - seeded);
      seeded = size;
      const seedSeconds = (performance.now() - started) / 1000;
      const queries: SearchFigures['queries'] = [];
      for (const q of benchQueries) {
        const path = `${conversationRoutes.search}?q=${encodeURIComponent(q)}&limit=20`;
        let found = 0;
        const http = await timed(n, async () => {
          const res = await fetch(`${platform.url}${path}`, { headers: { cookie } });
          if (!res.ok) throw new Error(`search answered ${res.status}`);
          found = ((await res.json()) as { results: unknown[] }).results.length;
        });
        const tsQuery = tsQueryText(searchWords(q)) ?? '';
        const floor = await timed(n, () => searchQuery(owner, tsQuery, 20).execute(plain.db));
        queries.push({ q, found, http, sql: floor });
      }
      figures.push({ messages: size, seedSeconds, queries });
    }
    return figures;
  } finally {
    await plain.close();
    await platform.close();
    await database.drop();
  }
};
