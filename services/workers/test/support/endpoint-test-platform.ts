import { randomBytes } from 'node:crypto';
import {
  createLogger,
  createOutboundClient,
  createSecretBox,
  newMasterKey,
  parseAllowList,
  parseMasterKey,
  systemLookup,
  type Logger,
  type Lookup,
  type OutboundClient,
} from '@app/platform';
import { startTestPlatform, type TestPlatform } from '../../../query/test/support/test-platform';
import { platformProcessors, platformRoutes, startWorkers, type RunningWorkers } from '../../src/index';

/** Names the tests resolve themselves: one to the allowed 127.0.0.1, one to 127.0.0.2, one to both loopbacks. */
export const testNames: Record<string, { address: string; family: number }[]> = {
  'model.test': [{ address: '127.0.0.1', family: 4 }],
  'trap.test': [{ address: '127.0.0.2', family: 4 }],
  'localhost.test': [
    { address: '::1', family: 6 },
    { address: '127.0.0.1', family: 4 },
  ],
};

export const testLookup: Lookup = (hostname) => {
  const found = testNames[hostname];
  return found ? Promise.resolve(found) : systemLookup(hostname);
};

export interface EndpointTestPlatform {
  p: TestPlatform & { url: string };
  workers: RunningWorkers;
  outbound: OutboundClient;
  close(): Promise<void>;
}

/**
 * The test platform (command + query over HTTP) and the workers with the platform's real jobs, on
 * one database, one master key, and an outbound client that may reach exactly 127.0.0.1 (OUTBOUND_ALLOW
 * of the command service too: an endpoint there may be saved without a key).
 */
export const startEndpointTestPlatform = async (opts: {
  admins: readonly string[];
  logger?: Logger;
  listen?: boolean;
}): Promise<EndpointTestPlatform> => {
  const secrets = createSecretBox(parseMasterKey(newMasterKey()));
  const allow = parseAllowList(['127.0.0.1']);
  const p = await startTestPlatform({
    admins: opts.admins,
    secrets,
    outboundAllow: allow,
    ...(opts.logger ? { logger: opts.logger } : {}),
    ...(opts.listen ? { listen: true } : {}),
  });
  const outbound = createOutboundClient({
    allow,
    lookup: testLookup,
    timeoutMs: 5000,
  });
  const run = randomBytes(4).toString('hex');
  let workers: RunningWorkers;
  try {
    workers = await startWorkers({
      db: p.database.db,
      databaseUrl: p.database.url,
      logger: opts.logger ?? createLogger('silent', 'test'),
      routes: platformRoutes,
      processors: platformProcessors,
      services: { secrets, outbound },
      queueName: `endpoint-tests-${run}`,
      checkpointName: `reactor-${run}`,
      retry: { attempts: 2, backoff: { type: 'fixed', delay: 10 } },
      pollMs: 100,
    });
  } catch (e) {
    await outbound.close();
    await p.close();
    throw e;
  }
  return {
    p,
    workers,
    outbound,
    close: async () => {
      await workers.stop();
      await outbound.close();
      await p.close();
    },
  };
};
