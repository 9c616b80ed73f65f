import type { EventMetadata } from '@app/contracts';
import { appendToStream, runIdempotent, type Db } from '@app/platform';
import { routeByType, type ProcessorRegistry, type Routes } from '../../src/index';

/** The test's trigger: asks for the job named in its data. */
export const testRequested = 'TestRequested';
/** What the test jobs append as their outcome (standing in for a result command). */
export const testEchoed = 'TestEchoed';

const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
const numberIn = (v: unknown): number => {
  const n = record(v)['n'];
  if (typeof n !== 'number') throw new Error('expected { n: number }');
  return n;
};
const jobIn = (v: unknown): string => {
  const job = record(v)['job'];
  if (typeof job !== 'string') throw new Error('expected { job: string }');
  return job;
};

export const resultStreamOf = (n: number) => `testResult-${n}`;

export const requestJob = (db: Db, job: string, n: number, metadata: Partial<EventMetadata> = {}) =>
  appendToStream(db, `test-${n}`, [{ type: testRequested, data: { job, n } }], {
    expectedVersion: 'any',
    metadata: {
      actor: { email: 'ann@example.com', kind: 'admin' },
      commandId: `cmd-${n}`,
      correlationId: `corr-${n}`,
      causationId: `req-${n}`,
      requestId: `req-${n}`,
      schemaVersion: 1,
      ...metadata,
    },
  });

export interface TestJobs {
  routes: Routes;
  processors: ProcessorRegistry;
  /** How many times each job name ran (attempts included). */
  calls: Map<string, number>;
  /** The slow job: resolves when it has started; it finishes once `release()` is called. */
  slow: { started: Promise<void>; release(): void; finished: boolean };
  order: string[];
}

export const testJobs = (): TestJobs => {
  const calls = new Map<string, number>();
  const count = (name: string) => calls.set(name, (calls.get(name) ?? 0) + 1);
  const order: string[] = [];
  let started!: () => void;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const slow = {
    started: new Promise<void>((r) => (started = r)),
    release: () => release(),
    finished: false,
  };

  const echo = async (db: Db, n: number, jobId: string, metadata: EventMetadata) => {
    await runIdempotent(db, { actor: metadata.actor.email, commandId: jobId }, (trx) =>
      appendToStream(trx, resultStreamOf(n), [{ type: testEchoed, data: { n } }], {
        expectedVersion: 'any',
        metadata,
      }),
    );
  };

  const processors: ProcessorRegistry = {
    'test-echo': async (data, ctx) => {
      count('test-echo');
      const n = numberIn(data);
      await echo(ctx.db, n, ctx.jobId, ctx.metadata);
      return { n };
    },
    'test-fail': (_data, ctx) => {
      count('test-fail');
      return Promise.reject(
        new Error(
          `upstream refused attempt ${ctx.attempt} at https://bot:hunter2@models.example.com/v1 (api_key=sk-abcdefghijkl)`,
        ),
      );
    },
    'test-slow': async (data, ctx) => {
      count('test-slow');
      started();
      await gate;
      const n = numberIn(data);
      await echo(ctx.db, n, ctx.jobId, ctx.metadata);
      slow.finished = true;
      order.push('job finished');
      return { n };
    },
  };

  const routes = routeByType({
    [testRequested]: (event) => {
      return { name: jobIn(event.data), data: { n: numberIn(event.data) } };
    },
  });

  return { routes, processors, calls, slow, order };
};
