import { appendToStreams, DomainError, type Db } from '@app/platform';
import type { ChatChunk } from '@app/contracts';
import type { ChatStreamStore, ChatStreamWriter, StopBus, StreamedChunk } from '../../src/chat/streams/ports';
import type { SpendGuard, SpendRequest } from '../../src/spend/ports';

/** The chat relay's ports in memory, recording what they were told. */
export interface FakeStream {
  owner: string;
  chunks: StreamedChunk[];
  ended: boolean;
}

export const fakeStreamStore = (): ChatStreamStore & { streams: Map<string, FakeStream> } => {
  const streams = new Map<string, FakeStream>();
  return {
    streams,
    open: (requestId, owner) => {
      const stream: FakeStream = { owner, chunks: [], ended: false };
      streams.set(requestId, stream);
      const writer: ChatStreamWriter = {
        write: (chunk: ChatChunk) => {
          const id = stream.chunks.length + 1;
          stream.chunks.push({ id, chunk });
          return id;
        },
        end: () => {
          stream.ended = true;
          return Promise.resolve();
        },
      };
      return Promise.resolve(writer);
    },
    follow: (requestId, owner, afterId) => {
      const stream = streams.get(requestId);
      if (!stream || stream.owner !== owner) return Promise.resolve(null);
      const chunks = stream.chunks.filter((c) => c.id > afterId);
      return Promise.resolve(
        (async function* () {
          yield* chunks;
        })(),
      );
    },
    close: () => Promise.resolve(),
  };
};

export const fakeStopBus = (): StopBus & { published: string[] } => {
  const listeners = new Map<string, Set<() => void>>();
  const published: string[] = [];
  return {
    published,
    publish: (requestId) => {
      published.push(requestId);
      for (const onStop of listeners.get(requestId) ?? []) onStop();
      return Promise.resolve();
    },
    subscribe: (requestId, onStop) => {
      const set = listeners.get(requestId) ?? new Set();
      set.add(onStop);
      listeners.set(requestId, set);
      return () => {
        set.delete(onStop);
        if (set.size === 0) listeners.delete(requestId);
      };
    },
    close: () => Promise.resolve(),
  };
};

export interface FakeSpend extends SpendGuard {
  reserved: SpendRequest[];
  settled: SpendRequest[];
  /** While set, every reservation is refused with this message. */
  refuseWith: string | null;
  /** Whether each reservation came inside a transaction. */
  inTransaction: boolean[];
}

export const fakeSpend = (): FakeSpend => {
  const spend: FakeSpend = {
    reserved: [],
    settled: [],
    refuseWith: null,
    inTransaction: [],
    // While reservations are refused, a limit applies.
    plan: (_db, scope) => Promise.resolve({ scope, ledgers: [], limited: spend.refuseWith !== null }),
    reserve: async (trx: Db, r, options = {}) => {
      spend.inTransaction.push(trx.isTransaction);
      if (spend.refuseWith !== null) throw new DomainError(spend.refuseWith);
      options.onDecided?.();
      if (options.alongside) await appendToStreams(trx, options.alongside, r.metadata);
      spend.reserved.push(r);
    },
    settle: async (db, r, options = {}) => {
      if (options.alongside) await appendToStreams(db, options.alongside, r.metadata);
      spend.settled.push(r);
    },
  };
  return spend;
};
