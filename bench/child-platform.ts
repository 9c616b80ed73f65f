import { startBenchChild, type BenchChild } from './child-process';

export type ChildPlatform = BenchChild;

/** `platform-process.ts`: the platform as `npm start` runs it, in a process of its own. */
export const startChildPlatform = (databaseUrl: string, admin: string): Promise<ChildPlatform> =>
  startBenchChild('platform-process.ts', [], {
    BENCH_PLATFORM_DATABASE_URL: databaseUrl,
    BENCH_PLATFORM_ADMIN: admin,
  });
