import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  createSecretBox,
  inTransaction,
  newMasterKey,
  openSealedText,
  parseMasterKey,
  sealerForConversation,
  sealTextUnder,
  type Db,
} from '@app/platform';
import { percentile } from './stats';
import type { BenchServer } from './server';

export interface SealingFigures {
  /** µs to seal a user message (2 KB) and an answer (16 KB) under a key in memory. */
  sealMessageUs: number;
  sealAnswerUs: number;
  /** ms (p50, p99) of a transaction that looks up an existing conversation's key, beside one that does not. */
  lookup: { p50: number; p99: number };
  floor: { p50: number; p99: number };
  /** ms (p50, p99) to open a sealed answer as the projection does (its data key row read, the key cached). */
  open: { p50: number; p99: number };
}

const perCallUs = (n: number, work: () => void): number => {
  for (let i = 0; i < 100; i++) work();
  const started = performance.now();
  for (let i = 0; i < n; i++) work();
  return ((performance.now() - started) * 1000) / n;
};

const timedMs = async (n: number, work: () => Promise<unknown>) => {
  const samples: number[] = [];
  for (let i = 0; i < 20; i++) await work();
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
};

/**
 * What sealing a cloud conversation's text costs the relay and the projection (platform
 * `secrets/conversation-keys.ts`): the AES-256-GCM seal of a message and of an answer; the acceptance
 * transaction's one more statement (the conversation's key looked up, its unwrapped key cached) beside
 * the same transaction without it; and the projection's open of a sealed answer.
 */
export const measureSealing = async (server: BenchServer, n: number): Promise<SealingFigures> => {
  const box = createSecretBox(parseMasterKey(newMasterKey()));
  const key = randomBytes(32);
  const message = 'x'.repeat(2048);
  const answer = 'y'.repeat(16_384);
  const sealMessageUs = perCallUs(n * 10, () => sealTextUnder(key, 'k', 'chat-messages|r', message));
  const sealAnswerUs = perCallUs(n * 10, () => sealTextUnder(key, 'k', 'chat-answer|r', answer));
  const database = await server.createDatabase({ max: 2 });
  try {
    const db: Db = database.db;
    const at = { owner: 'bench@example.com', conversationId: 'bench-1', masterKeyId: box.keyId };
    const sealer = await inTransaction(db, (trx) => sealerForConversation(trx, at));
    const lookup = await timedMs(n, () => inTransaction(db, (trx) => sealerForConversation(trx, at)));
    const floor = await timedMs(n, () => inTransaction(db, (trx) => sql`select 1`.execute(trx)));
    const sealed = sealer.seal('chat-answer|r', answer);
    const open = await timedMs(n, () => openSealedText(db, sealed, 'chat-answer|r'));
    return { sealMessageUs, sealAnswerUs, lookup, floor, open };
  } finally {
    await database.drop();
  }
};
