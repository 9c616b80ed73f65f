/**
 * The platform as `npm start` runs it with WEB_CONCURRENCY workers (node:cluster): the primary
 * prepares once (prepareStandalone: migrations, the session secret and master key in DATA_DIR, handed
 * to every worker), each worker runs the whole platform on the one port. The bench sets the
 * environment (DATABASE_URL, AUTH_MODE=dev, ADMIN_EMAILS, DATA_DIR, PORT, HOST, WEB_CONCURRENCY).
 * The primary prints `URL <url>` once every worker listens and answers `idle` once every worker's
 * projections have caught up; SIGTERM drains the workers.
 */
import path from 'node:path';
import {
  createLogger,
  loadSettings,
  resolveMasterKeyText,
  startCluster,
  stopOnShutdown,
  workerCountOf,
} from '@app/platform';
import { startPlatform } from '@app/standalone';
import { prepareStandalone } from '../services/standalone/src/prepare-standalone';

const settings = loadSettings();
const logger = createLogger('silent', 'platform');
const dataDir = path.resolve(settings.DATA_DIR);
const workers = workerCountOf(settings);

const started = await startCluster({
  workers,
  logger,
  prepare: prepareStandalone(settings, logger, dataDir, workers),
});

if (started.role === 'primary') {
  const { port } = await started.cluster.listening;
  process.stdout.write(`URL http://127.0.0.1:${port}\n`);
  process.on('message', () => {
    void started.cluster.ask('idle').then(() => process.send?.('idle'));
  });
  // The bench gone: drain as on SIGTERM.
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
} else {
  const own = loadSettings(started.env);
  const masterKey = resolveMasterKeyText(own);
  const platform = await startPlatform({
    databaseUrl: own.DATABASE_URL ?? '',
    port: own.PORT,
    host: own.HOST,
    adminEmails: own.ADMIN_EMAILS,
    webDist: path.join(dataDir, 'no-web'),
    logger: started.logger,
    ...(own.SESSION_SECRET ? { sessionSecret: own.SESSION_SECRET } : {}),
    ...(masterKey ? { masterKey } : {}),
    projectionThread: true,
    // As bench/platform-process.ts: the bench asks far faster than people do.
    rateLimits: { commandsPerMinute: 1_000_000, signInPerMinute: 1_000_000 },
    ...(process.env['BENCH_PLATFORM_REDIS_URL'] ? { redisUrl: process.env['BENCH_PLATFORM_REDIS_URL'] } : {}),
  });
  if (started.role === 'single') process.stdout.write(`URL ${platform.url}\n`);
  stopOnShutdown(started, [() => platform.close()], () => platform.idle());
  if (started.role === 'single')
    process.on('message', () => {
      void platform.idle().then(() => process.send?.('idle'));
    });
}
