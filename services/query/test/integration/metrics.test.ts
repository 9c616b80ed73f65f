import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityMessages, platformMessages, routes } from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

/** GET /metrics: Prometheus' text format, for admins or a scraper holding METRICS_TOKEN, never the public. */
const admin = 'admin@example.com';
const user = 'user@example.com';
const token = 'a-metrics-token-of-some-length';
let p: TestPlatform & { url: string };

beforeAll(async () => {
  p = await startTestPlatform({ admins: [admin], service: { metricsToken: token } });
});
afterAll(async () => {
  await p.close();
});

/** The samples of the text format, `name{labels}` → value (comments left out). */
const samples = (text: string): Map<string, number> =>
  new Map(
    text
      .split('\n')
      .filter((line) => line.length > 0 && !line.startsWith('#'))
      .map((line) => {
        const cut = line.lastIndexOf(' ');
        return [line.slice(0, cut), Number(line.slice(cut + 1))] as const;
      }),
  );

const scrape = async () => {
  const res = await p.call(null, 'GET', routes.metrics, { headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return res;
};

const flag = (name: string) => ({
  type: 'featureFlags',
  data: { [name]: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] } },
});

describe('/metrics', () => {
  it('answers Prometheus text: commands by type and outcome, latencies, gauges, process metrics', async () => {
    expect((await p.save(admin, [flag('metricsFlag')])).status).toBe(200);
    const res = await scrape();
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    for (const [name, type] of [
      ['commands_total', 'counter'],
      ['command_duration_seconds', 'histogram'],
      ['event_append_duration_seconds', 'histogram'],
      ['projection_position', 'gauge'],
      ['projection_lag_events', 'gauge'],
      ['projection_parked_events', 'gauge'],
      ['queue_jobs', 'gauge'],
      ['live_sockets', 'gauge'],
    ])
      expect(text).toContain(`# TYPE ${name} ${type}`);
    const values = samples(text);
    expect(values.get('commands_total{type="featureFlags",outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(
      values.get('command_duration_seconds_count{type="featureFlags",outcome="ok"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(values.get('live_sockets')).toBe(0);
    expect(values.has('process_cpu_user_seconds_total')).toBe(true);
  });

  it('counts a refused command under its outcome', async () => {
    // Removing every admin breaks the admins' rule: the section is refused, nothing appended.
    const { status } = await p.save(admin, [{ type: 'admins', data: [] }]);
    expect(status).toBe(400);
    const values = samples((await scrape()).body);
    expect(values.get('commands_total{type="admins",outcome="refused"}')).toBeGreaterThanOrEqual(1);
  });

  it('is refused to anonymous callers (401), to users (403) and to a wrong token (401)', async () => {
    const anonymous = await p.call(null, 'GET', routes.metrics);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, message: platformMessages.signInRequired });
    expect((await p.call(user, 'GET', routes.metrics)).statusCode).toBe(403);
    const wrong = await p.call(null, 'GET', routes.metrics, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, message: identityMessages.metricsTokenRefused });
    expect(wrong.body).not.toContain('commands_total');
  });

  it('is open to admins with their session', async () => {
    const res = await p.call(admin, 'GET', routes.metrics);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('# TYPE commands_total counter');
  });
});
