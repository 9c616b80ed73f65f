import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel, type Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { documentMessages } from '@app/contracts';
import type { Logger } from '@app/platform';
import type { ExtractDocument, ExtractRequest, ReadDocument } from './extract-document';
import type { ExtractionLimits } from './extraction-limits';
import type { ExtractionReport, ExtractionTask } from './extraction-worker';
import type { Refusal } from './types';

/**
 * Document extraction off the event loop (docs/architecture.md, Documents): a piscina pool of worker
 * threads, each document on one thread under a time limit (counted from when its thread starts on it),
 * a JS heap cap (`resourceLimits`) and a bound on heap plus buffers (the thread's heap statistics,
 * polled). Past either, or past a limit the thread checks itself (a PDF's inflated streams, an HTML
 * page's depth or element count: it reports it and waits), the task is aborted, so piscina terminates
 * that thread (another starts for the next document), and the document is refused with the limit's
 * message. The threads run at a lower CPU priority than the process's event loop.
 */
export interface ExtractionPool {
  extract: ExtractDocument;
  /** Documents being read now (handed to a thread, or waiting for one). */
  reading(): number;
  /** The ids of the threads alive now (for tests: a thread that hit a limit is gone). */
  threadIds(): number[];
  /** The ids of the threads terminated for a limit so far. */
  retired(): readonly number[];
  close(): Promise<void>;
}

const mb = 1024 * 1024;
const memoryPollMs = 100;

/** The worker is TypeScript: its thread loads tsx's loader, as `npm start` and the services do. */
const workerFile = new URL('./extraction-worker.ts', import.meta.url).href;
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

type LimitHit = 'time' | 'memory';

const refusalOf = (hit: LimitHit, limits: ExtractionLimits): Refusal =>
  hit === 'time'
    ? { reason: 'time-limit', message: documentMessages.timeLimit(limits.timeLimitMs / 1000) }
    : { reason: 'memory-limit', message: documentMessages.memoryLimit(limits.memoryMb) };

/** V8 ended the thread at its heap cap (`resourceLimits`). */
const isHeapLimit = (e: unknown) =>
  e instanceof Error &&
  ((e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' || /memory limit/i.test(e.message));

export const createExtractionPool = (limits: ExtractionLimits, logger?: Logger): ExtractionPool => {
  let pool: Piscina<ExtractionTask, ReadDocument | Refusal> | null = null;
  const retired: number[] = [];
  let reading = 0;
  // Started on the first document: a process that never reads one starts no thread.
  const poolOf = () =>
    (pool ??= new Piscina<ExtractionTask, ReadDocument | Refusal>({
      filename: workerFile,
      execArgv: ['--import', tsxLoader],
      // As many threads kept as may run: piscina replaces a terminated thread up to minThreads only,
      // so with fewer, documents queued behind one that hit a limit would wait for ever.
      minThreads: limits.threads,
      maxThreads: limits.threads,
      concurrentTasksPerWorker: 1,
      niceIncrement: 10,
      resourceLimits: {
        maxOldGenerationSizeMb: limits.memoryMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.max(16, Math.floor(limits.memoryMb / 8))),
      },
    }).on('error', (e: unknown) => logger?.warn({ err: e }, 'document extraction thread failed')));

  const watch = (threadId: number, stop: (hit: LimitHit) => void) => {
    const clock = setTimeout(() => stop('time'), limits.timeLimitMs);
    const memory = setInterval(() => {
      const thread = poolOf().threads.find((t: Worker) => t.threadId === threadId);
      thread
        ?.getHeapStatistics()
        .then((h) => {
          if (h.used_heap_size + h.external_memory > limits.memoryMb * mb) stop('memory');
        })
        .catch(() => undefined);
    }, memoryPollMs);
    return () => {
      clearTimeout(clock);
      clearInterval(memory);
    };
  };

  const extract = async ({ name, format, bytes }: ExtractRequest): Promise<ReadDocument | Refusal> => {
    const controller = new AbortController();
    let over: Refusal | null = null;
    let unwatch = () => {};
    let ranOn: number | null = null;
    const stop = (refusal: Refusal) => {
      over ??= refusal;
      controller.abort(refusal.reason);
    };
    const { port1, port2 } = new MessageChannel();
    reading += 1;
    port1.on('message', (r: ExtractionReport) => {
      if (r.kind === 'over-limit') return stop(r.refusal);
      ranOn = r.threadId;
      unwatch = watch(r.threadId, (hit) => stop(refusalOf(hit, limits)));
    });
    try {
      return await poolOf().run(
        { name, format, bytes, limits, reports: port2 },
        { signal: controller.signal, transferList: [port2] },
      );
    } catch (e) {
      // piscina has terminated the thread (an aborted task) or V8 has (its heap cap).
      const refusal = over ?? (isHeapLimit(e) ? refusalOf('memory', limits) : null);
      if (!refusal) throw e;
      if (ranOn !== null) retired.push(ranOn);
      return refusal;
    } finally {
      reading -= 1;
      unwatch();
      port1.close();
    }
  };

  return {
    extract,
    reading: () => reading,
    threadIds: () => (pool ? pool.threads.map((t) => t.threadId) : []),
    retired: () => retired,
    close: async () => {
      await pool?.destroy();
      pool = null;
    },
  };
};
