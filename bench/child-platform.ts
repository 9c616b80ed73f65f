import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ChildPlatform {
  url: string;
  close(): Promise<void>;
}

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'platform-process.ts');

/** Starts `platform-process.ts` with tsx and answers once it prints its URL. */
export const startChildPlatform = (databaseUrl: string, admin: string): Promise<ChildPlatform> =>
  new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(
      process.execPath,
      [
        ...(process.env['BENCH_CPU_PROF']
          ? ['--cpu-prof', '--cpu-prof-dir=' + process.env['BENCH_CPU_PROF']]
          : []),
        '--import',
        'tsx',
        script,
      ],
      {
        env: { ...process.env, BENCH_PLATFORM_DATABASE_URL: databaseUrl, BENCH_PLATFORM_ADMIN: admin },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.once('exit', (code) => reject(new Error(`the platform process exited (${String(code)})`)));
    child.stdout?.on('data', (data: Buffer) => {
      out += data.toString();
      const url = /URL (\S+)/.exec(out)?.[1];
      if (!url) return;
      resolve({
        url,
        close: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
