import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from '@app/platform';
import { announceLocalChanges } from './local-changes';
import type { ProjectionRunner } from './projection-runner';
import { trackProjectedPositions } from './projected-positions';
import type {
  FromProjectionThread,
  ProjectionThreadData,
  ToProjectionThread,
} from './projection-thread-messages';

export interface ProjectionThreadOptions extends ProjectionThreadData {
  logger: Logger;
}

/**
 * The thread's entry (beside the service's own, which hands it the projections). It is TypeScript: it
 * loads tsx's loader, as `npm start` and the services do.
 */
const threadFile = new URL('../projection-thread-main.ts', import.meta.url);
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
/** A thread that died is started again after this long. */
const restartMs = 1000;

/**
 * The projection runner on a worker thread of its own (docs/architecture.md, Projections): its folds
 * take the other core instead of the loop that relays answers. It answers as the runner does: its
 * batches are pushed to this process's `/live` fan-outs and then wake the commands waiting for their
 * events, in the order the thread committed them. A thread that dies is started again.
 */
export const startProjectionThread = async (opts: ProjectionThreadOptions): Promise<ProjectionRunner> => {
  const { logger, ...data } = opts;
  const log = logger.child({ component: 'projections' });
  const projected = trackProjectedPositions();
  const idleWaiters = new Map<number, () => void>();
  let nextId = 0;
  let leader = false;
  let stopping = false;
  let thread: Worker;
  let running = false;
  let stopped: (() => void) | undefined;

  const send = (m: ToProjectionThread) => thread.postMessage(m);
  const onMessage = (m: FromProjectionThread) => {
    if (m.kind === 'batch') {
      if (m.changes.length > 0) announceLocalChanges(data.databaseUrl, m.changes);
      projected.projected(m.positions);
    } else if (m.kind === 'leadership') leader = m.leader;
    else if (m.kind === 'stopped') stopped?.();
    else if (m.kind === 'idle') {
      idleWaiters.get(m.id)?.();
      idleWaiters.delete(m.id);
    }
  };

  // Another thread a moment after one died, again and again while none starts.
  const restartLater = () =>
    setTimeout(() => {
      if (stopping) return;
      start().catch((e: unknown) => {
        log.error({ err: e }, 'projection thread cannot start; trying again');
        restartLater();
      });
    }, restartMs).unref();

  const start = () =>
    new Promise<void>((resolve, reject) => {
      let ready = false;
      thread = new Worker(threadFile, { workerData: data, execArgv: ['--import', tsxLoader] });
      running = true;
      thread.on('message', (m: FromProjectionThread) => {
        if (m.kind === 'ready') {
          ready = true;
          // Waiters from a thread that died ask the new one.
          for (const id of idleWaiters.keys()) send({ kind: 'idle', id });
          resolve();
        } else onMessage(m);
      });
      thread.on('error', (e: Error) => {
        log.error({ err: e }, 'projection thread failed');
        if (!ready) reject(e);
      });
      thread.on('exit', (code) => {
        running = false;
        leader = false;
        if (!ready) reject(new Error(`the projection thread ended (${code}) before it was ready`));
        if (stopping || !ready) return;
        log.warn({ code }, 'projection thread ended; starting another');
        restartLater();
      });
    });
  await start();

  return {
    idle: () =>
      stopping
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const id = nextId++;
            idleWaiters.set(id, resolve);
            send({ kind: 'idle', id });
          }),
    isLeader: () => leader,
    awaitProjected: (position, timeoutMs) =>
      leader && !stopping ? projected.awaitProjected(position, timeoutMs) : Promise.resolve(false),
    stop: async () => {
      if (stopping) return;
      stopping = true;
      projected.close();
      // The thread finishes its batch and closes its connections; whatever it still holds then ends
      // with it. A thread that died (its replacement not started yet) has nothing left to stop.
      if (running) {
        const done = new Promise<void>((resolve) => {
          stopped = resolve;
          thread.once('exit', () => resolve());
        });
        send({ kind: 'stop' });
        await done;
        await thread.terminate();
      }
      leader = false;
      for (const resolve of idleWaiters.values()) resolve();
      idleWaiters.clear();
    },
  };
};
