import { parentPort, workerData } from 'node:worker_threads';
import { createLogger, createSecretBox, openDatabase, parseMasterKey } from '@app/platform';
import { allProjections } from './projections/index';
import { startProjectionRunner } from './runner/projection-runner';
import type {
  FromProjectionThread,
  ProjectionThreadData,
  ToProjectionThread,
} from './runner/projection-thread-messages';

/**
 * The projection thread (runner/projection-thread.ts): the runner with a pool of its own, its folds off the
 * loop that answers requests. Each committed batch goes to that loop, which pushes it to `/live` and
 * wakes the commands waiting for their events.
 */
const data = workerData as ProjectionThreadData;
const port = parentPort;
if (!port) throw new Error('the projection runner thread needs a parent');
const tell = (m: FromProjectionThread) => port.postMessage(m);

// Held by this thread, so the conversations projection can open sealed text (conversation-keys.ts).
if (data.masterKey) createSecretBox(parseMasterKey(data.masterKey));
const logger = createLogger(data.logLevel, 'platform');
const database = openDatabase(data.databaseUrl, { max: 4, ...data.databaseOptions, logger });
const runner = await startProjectionRunner({
  db: database.db,
  databaseUrl: data.databaseUrl,
  projections: allProjections,
  logger,
  ...(data.batchSize === undefined ? {} : { batchSize: data.batchSize }),
  ...(data.pollMs === undefined ? {} : { pollMs: data.pollMs }),
  onBatch: (changes, positions) => tell({ kind: 'batch', changes, positions }),
  onLeadership: (leader) => tell({ kind: 'leadership', leader }),
});

port.on('message', (m: ToProjectionThread) => {
  if (m.kind === 'idle') void runner.idle().then(() => tell({ kind: 'idle', id: m.id }));
  else
    void runner
      .stop()
      .then(() => database.close())
      .finally(() => {
        tell({ kind: 'stopped' });
        port.close();
      });
});
tell({ kind: 'ready' });
