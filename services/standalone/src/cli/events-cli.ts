/**
 * `npm run events -- <command>`: operator tools for the event log (`--help` for usage).
 *
 * - tail.ts      prints events in commit order, and follows new ones (LISTEN + poll);
 * - replay.ts    rebuilds read models, or folds the log up to a position into temporary tables;
 * - projections.ts lists projections (position, lag, failing event), retries or skips a parked event;
 *                these two import @app/query, loaded here through a dynamic import;
 * - connection.ts DATABASE_URL, or the standalone's embedded cluster.
 */
import { loadSettings } from '@app/platform';
import { parseCommand } from './args';
import { runCli, withCliDatabase } from './cli-run';
import { runTail } from './tail';
import { holdServicesMasterKey } from './text-key';
import { usage } from './usage';

const main = async (): Promise<void> => {
  const command = parseCommand(process.argv.slice(2));
  if (command.name === 'help') {
    process.stdout.write(usage);
    return;
  }
  const settings = loadSettings();
  await withCliDatabase(settings, async (handle) => {
    switch (command.name) {
      case 'tail':
        await runTail(handle.db, handle.url, command.options);
        break;
      case 'replay': {
        holdServicesMasterKey(settings);
        const { runReplay } = await import('./replay');
        await runReplay(handle.db, handle.url, command.options);
        break;
      }
      case 'projections': {
        const { runProjections } = await import('./projections');
        await runProjections(handle.db);
        break;
      }
      case 'retry':
      case 'skip': {
        holdServicesMasterKey(settings);
        const { runParkAction } = await import('./projections');
        await runParkAction(handle.db, command.name, command.options);
        break;
      }
    }
  });
};

runCli(main, 'events');
