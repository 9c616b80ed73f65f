/**
 * The platform as `npm start` runs it, in a process of its own (as in production): the bench's
 * clients and the model server stay in the bench's process. Prints `URL <url>` once listening;
 * SIGTERM closes it.
 */
import { startPlatform } from '@app/standalone';

const databaseUrl = process.env['BENCH_PLATFORM_DATABASE_URL'];
const admin = process.env['BENCH_PLATFORM_ADMIN'];
if (!databaseUrl || !admin)
  throw new Error('BENCH_PLATFORM_DATABASE_URL and BENCH_PLATFORM_ADMIN are needed');

const platform = await startPlatform({
  databaseUrl,
  port: 0,
  host: '127.0.0.1',
  adminEmails: [admin],
  ...(process.env['BENCH_PLATFORM_REDIS_URL'] ? { redisUrl: process.env['BENCH_PLATFORM_REDIS_URL'] } : {}),
  logLevel: 'silent',
  // As `npm start` runs it.
  projectionThread: process.env['BENCH_PROJECTION_THREAD'] !== '0',
  rateLimits: { commandsPerMinute: 1_000_000, signInPerMinute: 1_000_000 },
});
process.stdout.write(`URL ${platform.url}\n`);
// The bench asks before each measured phase: the projections have caught up with what came before.
process.on('message', () => {
  void platform.idle().then(() => process.send?.('idle'));
});
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  platform.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.once('disconnect', stop);
