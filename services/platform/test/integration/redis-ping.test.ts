import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pingRedis, redisHealthCheck, runHealthCheck } from '@app/platform';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });

let port: number;
let redis: ChildProcess;
const password = 'test-redis-password';

beforeAll(async () => {
  port = await freePort();
  redis = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--requirepass',
      password,
    ],
    { stdio: 'ignore' },
  );
  await vi.waitFor(() => pingRedis(`redis://:${password}@127.0.0.1:${port}`, 500), {
    timeout: 10_000,
    interval: 50,
  });
});
afterAll(() => {
  redis.kill('SIGTERM');
});

describe('the Redis probe of processes without BullMQ (the command service)', () => {
  it('answers ok when Redis answers PING with the password of the url', async () => {
    const check = redisHealthCheck(`redis://:${password}@127.0.0.1:${port}`);
    expect(await runHealthCheck(check, 2000)).toEqual({ status: 'ok' });
  });

  it('is down when Redis refuses, naming only the first word of its refusal', async () => {
    const result = await runHealthCheck(redisHealthCheck(`redis://:wrong@127.0.0.1:${port}`), 2000);
    expect(result).toEqual({ status: 'down', detail: 'Redis refused: WRONGPASS' });
    const anonymous = await runHealthCheck(redisHealthCheck(`redis://127.0.0.1:${port}`), 2000);
    expect(anonymous).toEqual({ status: 'down', detail: 'Redis refused: NOAUTH' });
  });

  it('is down, with the error code and not the address, when nothing listens', async () => {
    const closed = await freePort();
    const result = await runHealthCheck(redisHealthCheck(`redis://127.0.0.1:${closed}`), 2000);
    expect(result).toEqual({ status: 'down', detail: 'ECONNREFUSED' });
  });
});
