/**
 * The platform as `npm start` runs it (one process), for bench/live-many.ts, seeded with the admins
 * named in BENCH_LIVE_ADMINS (a JSON list; the bench adds the sockets' users as admins by saves).
 * Sends `{type:"url"}` once listening; answers `{type:"idle"}` (projections caught up) and
 * `{type:"memory"}` (after a full garbage collection: this process's RSS and V8 heap in use) over IPC.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startPlatform } from '@app/standalone';

const databaseUrl = process.env['BENCH_PLATFORM_DATABASE_URL'];
const admins = JSON.parse(process.env['BENCH_LIVE_ADMINS'] ?? '[]') as string[];
if (!databaseUrl || admins.length === 0)
  throw new Error('BENCH_PLATFORM_DATABASE_URL and BENCH_LIVE_ADMINS are needed');

// A full collection before each memory reading, so what is compared is what is still held.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const platform = await startPlatform({
  databaseUrl,
  port: 0,
  host: '127.0.0.1',
  adminEmails: admins,
  logLevel: 'silent',
  rateLimits: { commandsPerMinute: 1_000_000, signInPerMinute: 1_000_000 },
});
process.send?.({ type: 'url', url: platform.url });
process.on('message', (m: { type?: string }) => {
  if (m.type === 'idle') void platform.idle().then(() => process.send?.({ type: 'idle' }));
  if (m.type === 'memory') {
    gc();
    gc();
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    process.send?.({ type: 'memory', rss, heapUsed, external, arrayBuffers });
  }
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
process.once('disconnect', stop);
