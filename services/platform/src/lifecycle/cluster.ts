import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { Logger } from '../logging/logger';
import { defaultShutdownDeadlineMs, onShutdown, shutdownHandler } from './shutdown';

/** The worker's number (1..N) in the environment of each forked worker; a replacement keeps it. */
export const workerIndexVariable = 'PLATFORM_WORKER_INDEX';
/** What the primary sends a worker to drain it (a signal would hit it twice after Ctrl-C). */
const stopMessage = 'platform:stop';
const askPrefix = 'platform:ask:';

/** WEB_CONCURRENCY, else one worker per core. */
export const workerCountOf = (settings: { WEB_CONCURRENCY?: number | undefined }): number =>
  settings.WEB_CONCURRENCY ?? availableParallelism();

/** What the primary prepares once for every worker. */
export interface Prepared {
  /** Added to each worker's environment (database URL, secrets): handed over, never logged. */
  env: Record<string, string>;
  /** After the last worker has ended (e.g. stop the embedded PostgreSQL). */
  close?: () => Promise<void>;
}

export interface ClusterOptions {
  /** How many workers; 1 runs the service in this process, as without a cluster. */
  workers: number;
  logger: Logger;
  /** Runs once (in the primary, or in the only process): told whether workers will be forked. */
  prepare?: (clustered: boolean) => Promise<Prepared>;
  /** The wait before a dead worker's replacement: doubles per early death, up to `maxMs`. */
  restart?: { initialMs: number; maxMs: number };
  /** How long the workers get to drain before they are killed. */
  deadlineMs?: number;
}

export interface RunningCluster {
  /** Resolves with the port once every worker first listens. */
  listening: Promise<{ address: string; port: number }>;
  /** Asks each worker alive now (`onAsk` in the worker) and resolves once all have answered. */
  ask(question: string): Promise<void>;
}

/** The service runs here: `env` is its environment (the primary's additions included). */
export interface ServiceRole {
  role: 'single' | 'worker';
  env: NodeJS.ProcessEnv;
  logger: Logger;
  close?: () => Promise<void>;
}

/** The primary: `env` is what it prepared for the workers (e.g. the admins to name at start). */
export type ClusterRole =
  ServiceRole | { role: 'primary'; cluster: RunningCluster; env: Record<string, string> };

/** A worker that lived this long before dying is replaced after the initial wait again. */
const healthyAfterMs = 30_000;

/**
 * `node:cluster` around a service's main: the primary prepares once, forks `workers` workers with
 * what it prepared in their environment, replaces a worker that dies (with a backoff), and on
 * SIGTERM or SIGINT drains every worker, then closes what it prepared and exits. With one worker
 * nothing is forked: the caller runs the service in this process.
 */
export const startCluster = async (opts: ClusterOptions): Promise<ClusterRole> => {
  if (cluster.isWorker) {
    const index = process.env[workerIndexVariable] ?? '?';
    listenForStop();
    return { role: 'worker', env: process.env, logger: opts.logger.child({ worker: Number(index) }) };
  }
  const clustered = opts.workers > 1;
  const prepared = (await opts.prepare?.(clustered)) ?? { env: {} };
  if (!clustered)
    return {
      role: 'single',
      env: { ...process.env, ...prepared.env },
      logger: opts.logger,
      ...(prepared.close ? { close: prepared.close } : {}),
    };
  return { role: 'primary', cluster: runPrimary(opts, prepared), env: prepared.env };
};

const runPrimary = (opts: ClusterOptions, prepared: Prepared): RunningCluster => {
  const log = opts.logger.child({ component: 'cluster' });
  const restart = opts.restart ?? { initialMs: 1000, maxMs: 30_000 };
  const workers = new Map<number, Worker>();
  const early = new Map<number, number>();
  let stopping = false;
  let firstListening = 0;
  let resolveListening: (a: { address: string; port: number }) => void = () => undefined;
  const listening = new Promise<{ address: string; port: number }>((r) => (resolveListening = r));

  const fork = (index: number) => {
    const startedAt = Date.now();
    const worker = cluster.fork({ ...prepared.env, [workerIndexVariable]: String(index) });
    workers.set(index, worker);
    worker.once('listening', (a: { address: string; port: number }) => {
      log.info({ worker: index, pid: worker.process.pid, port: a.port }, 'worker listening');
      if (++firstListening === opts.workers) resolveListening(a);
    });
    worker.once('exit', (code, signal) => {
      if (workers.get(index) === worker) workers.delete(index);
      if (stopping) return;
      const n = Date.now() - startedAt < healthyAfterMs ? (early.get(index) ?? 0) + 1 : 0;
      early.set(index, n);
      const waitMs = Math.min(restart.maxMs, restart.initialMs * 2 ** Math.max(0, n - 1));
      log.warn({ worker: index, pid: worker.process.pid, code, signal, waitMs }, 'worker died: replacing it');
      setTimeout(() => stopping || fork(index), waitMs).unref();
    });
  };
  for (let i = 1; i <= opts.workers; i++) fork(i);

  const allExited = () =>
    Promise.all(
      [...workers.values()].map(
        (w) =>
          new Promise<boolean>((r) =>
            w.isDead() ? r(w.process.exitCode === 0) : w.once('exit', (code) => r(code === 0)),
          ),
      ),
    );
  // The primary ends with 0 only if every worker drained and ended with 0.
  let failed = false;
  const drain = async () => {
    stopping = true;
    for (const w of workers.values()) if (w.isConnected()) w.send(stopMessage);
    const clean = await allExited();
    if (!clean.every(Boolean)) failed = true;
    try {
      await prepared.close?.();
    } catch (e) {
      failed = true;
      throw e;
    }
  };
  const exit = (code: number) => {
    if (code !== 0) for (const w of workers.values()) w.process.kill('SIGKILL');
    process.exit(failed ? 1 : code);
  };
  // The workers' own deadline first, then theirs plus a margin for what the primary closes.
  const deadlineMs = (opts.deadlineMs ?? defaultShutdownDeadlineMs) + 5000;
  const handler = shutdownHandler(log, [drain], { deadlineMs, exit });
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);

  return {
    listening,
    ask: (question) =>
      Promise.all(
        [...workers.values()].map(
          (w) =>
            new Promise<void>((resolve) => {
              const onMessage = (m: unknown) => {
                if (m !== askPrefix + question) return;
                w.off('message', onMessage);
                resolve();
              };
              w.on('message', onMessage);
              w.send(askPrefix + question);
            }),
        ),
      ).then(() => undefined),
  };
};

// A worker's stop may come while its service still starts: it is kept and acted on once it can drain.
let stopAsked = false;
let onStop: (() => void) | undefined;
let onAskWorker: ((question: string) => Promise<void>) | undefined;

const listenForStop = () => {
  // Ctrl-C reaches the whole process group: the primary relays it as its stop message, once.
  process.on('SIGINT', () => undefined);
  process.on('message', (m: unknown) => {
    if (m === stopMessage) {
      stopAsked = true;
      onStop?.();
    }
    if (typeof m === 'string' && m.startsWith(askPrefix))
      void (onAskWorker?.(m.slice(askPrefix.length)) ?? Promise.resolve()).then(() => process.send?.(m));
  });
};

/**
 * How the service, once started, stops: in the only process as `onShutdown` (then what the primary
 * would have closed); in a worker on the primary's stop message or SIGTERM. When the primary is
 * gone, Node ends the worker. `onAsk` answers the primary's `ask` (e.g. the bench's idle).
 */
export const stopOnShutdown = (
  role: ServiceRole,
  closers: (() => Promise<void>)[],
  onAsk?: (question: string) => Promise<void>,
): void => {
  if (role.role === 'single') {
    onShutdown(role.logger, [...closers, ...(role.close ? [role.close] : [])]);
    return;
  }
  const handler = shutdownHandler(role.logger, closers);
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    closing = true;
    handler(signal);
  };
  process.on('SIGTERM', stop);
  onAskWorker = onAsk;
  onStop = () => {
    if (!closing) stop('SIGTERM');
  };
  if (stopAsked) onStop();
};
