import { spawn, type ChildProcess } from 'node:child_process';
import { freeLoopbackPort as freePort, pingRedis } from '@app/platform';

/** A redis-server of the test's own on a loopback port, without persistence, that can be stopped and started again. */
export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export const startOwnRedis = async (): Promise<OwnRedis> => {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const started = spawn('redis-server', args, { stdio: 'ignore' });
    child = started;
    for (let i = 0; ; i++) {
      try {
        await pingRedis(url, 500);
        return;
      } catch (e) {
        if (started.exitCode !== null || i > 100) throw e;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  await start();
  return {
    url,
    start,
    stop: async () => {
      const c = child;
      child = undefined;
      if (!c || c.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill('SIGTERM');
      });
    },
  };
};
