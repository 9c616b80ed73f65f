import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BenchChild {
  url: string;
  /** Resolves once the child answers `idle` (the platform: its projections caught up). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Starts `script` (a file of bench/) with tsx in a process of its own and answers once it prints
 * `URL <url>`. BENCH_CPU_PROF=<dir> profiles it. `idle()` asks it over IPC; SIGTERM closes it.
 */
export const startBenchChild = (
  script: string,
  args: readonly string[],
  env: Record<string, string>,
): Promise<BenchChild> =>
  new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(
      process.execPath,
      [
        ...(process.env['BENCH_CPU_PROF']
          ? ['--cpu-prof', '--cpu-prof-dir=' + process.env['BENCH_CPU_PROF']]
          : []),
        '--import',
        'tsx',
        path.join(here, script),
        ...args,
      ],
      { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
    );
    let out = '';
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.once('exit', (code) => reject(new Error(`${script} exited (${String(code)})`)));
    child.stdout?.on('data', (data: Buffer) => {
      out += data.toString();
      const url = /URL (\S+)/.exec(out)?.[1];
      if (!url) return;
      resolve({
        url,
        idle: () =>
          new Promise<void>((r) => {
            child.once('message', () => r());
            child.send('idle');
          }),
        close: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
