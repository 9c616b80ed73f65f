import { sql } from 'kysely';
import {
  routes,
  type AmplifyGroupsSection,
  type ConfigsUpdateRequest,
  type FeatureFlagsSection,
  type SupportedModelsSection,
} from '@app/contracts';
import { openDatabase } from '@app/platform';
import { login } from './live-latency';
import type { BenchServer } from './server';
import { percentile } from './stats';

export interface ConfigsReadFigures {
  models: number;
  groups: number;
  flags: number;
  reads: number;
  bytes: number;
  http: { p50: number; p99: number };
  select: { p50: number; p99: number };
}

const admin = 'bench-configs@example.com';

const model = (i: number): SupportedModelsSection[string] => ({
  id: i === 0 ? 'text-embedding-bench' : `model-${i}`,
  name: `Model ${i}`,
  provider: 'OpenAI',
  description: `Benchmark model number ${i}`,
  systemPrompt: '',
  inputContextWindow: 128_000,
  outputTokenLimit: 4_096,
  inputTokenCost: 0.0025,
  outputTokenCost: 0.01,
  cachedTokenCost: 0,
  supportsImages: i % 2 === 0,
  supportsReasoning: false,
  supportsSystemPrompts: true,
  isAvailable: i !== 0 && i % 3 !== 0,
  isBuiltIn: false,
  exclusiveGroupAvailability: i % 10 === 0 ? [`group-${i}`] : [],
});

/** 2,000 groups in chains of four: each of the first three includes the next, three levels deep. */
const group = (i: number): AmplifyGroupsSection[string] => ({
  groupName: `group-${i}`,
  members: Array.from({ length: 5 }, (_, m) => `user${i}-${m}@example.com`),
  createdBy: admin,
  includeFromOtherGroups: i % 4 === 3 ? [] : [`group-${i + 1}`],
  isBillingGroup: i % 50 === 0,
  rateLimit: { period: 'Daily', rate: 25 },
});

const flag = (i: number): FeatureFlagsSection[string] => ({
  enabled: i % 2 === 0,
  userExceptions: [`user${i}-0@example.com`],
  amplifyGroupExceptions: [`group-${i}`],
});

const range = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));

const save = async (url: string, cookie: string, body: ConfigsUpdateRequest) => {
  const res = await fetch(`${url}${routes.configsUpdate}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: url },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { success: boolean; position: string; message?: string };
  if (!answer.success) throw new Error(`seeding failed: ${res.status} ${answer.message ?? ''}`);
  return answer.position;
};

const timeEach = async (n: number, f: () => Promise<unknown>): Promise<number[]> => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await f();
    out.push(performance.now() - t);
  }
  return out;
};

const p = (xs: number[]) => ({ p50: percentile(xs, 50), p99: percentile(xs, 99) });

/**
 * GET /amplifymin/configs on a configuration of 1,000 models, 2,000 groups nested three deep and
 * 500 flags, through the whole platform, next to plain SELECTs of the same read-model rows on the
 * same database in the same run.
 */
export const measureConfigsRead = async (server: BenchServer, reads: number): Promise<ConfigsReadFigures> => {
  const { startPlatform } = await import('@app/standalone');
  const database = await server.createDatabase({ max: 1 });
  const url = database.url;
  await database.close();
  const platform = await startPlatform({
    databaseUrl: url,
    port: 0,
    host: '127.0.0.1',
    adminEmails: [admin],
    logLevel: 'silent',
  });
  const plain = openDatabase(url, { max: 1 });
  try {
    const cookie = await login(platform.url, admin);
    const models = Object.fromEntries(range(1000, model).map((m) => [m.id, m]));
    const groups = Object.fromEntries(range(2000, group).map((g) => [g.groupName, g]));
    const flags = Object.fromEntries(range(500, (i) => [`benchFlag${i}`, flag(i)]));
    await save(platform.url, cookie, { configurations: [{ type: 'amplifyGroups', data: groups }] });
    await save(platform.url, cookie, { configurations: [{ type: 'featureFlags', data: flags }] });
    const position = await save(platform.url, cookie, {
      configurations: [
        { type: 'supportedModels', data: models },
        {
          type: 'defaultModels',
          data: {
            user: 'model-1',
            advanced: 'model-2',
            cheapest: 'model-4',
            agent: '',
            documentCaching: '',
            embeddings: 'text-embedding-bench',
          },
        },
      ],
    });
    const get = async () => {
      const res = await fetch(`${platform.url}${routes.configs}`, { headers: { cookie } });
      return res.text();
    };
    const first = await fetch(`${platform.url}${routes.configs}?waitFor=${position}`, {
      headers: { cookie },
    });
    const bytes = (await first.text()).length;
    const select = () =>
      Promise.all([
        sql`select * from rm_models`.execute(plain.db),
        sql`select * from rm_amplify_groups`.execute(plain.db),
        sql`select * from rm_feature_flags`.execute(plain.db),
        sql`select * from rm_admins`.execute(plain.db),
        sql`select * from rm_sections`.execute(plain.db),
        sql`select * from rm_config_values`.execute(plain.db),
      ]);
    await timeEach(20, get);
    await timeEach(20, select);
    const http = await timeEach(reads, get);
    const selects = await timeEach(reads, select);
    return { models: 1000, groups: 2000, flags: 500, reads, bytes, http: p(http), select: p(selects) };
  } finally {
    await plain.close();
    await platform.close();
    await database.drop();
  }
};
