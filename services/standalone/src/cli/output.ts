import { once } from 'node:events';
import type { RecordedEvent } from '@app/contracts';

// `npm run events -- tail | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

/** Writes one line to stdout, waiting when the reader is slower than the log. */
export const writeLine = async (line: string): Promise<void> => {
  if (!process.stdout.write(line + '\n')) await once(process.stdout, 'drain');
};

/** Notes for the operator go to stderr, so stdout stays one JSON document or one JSON line per event. */
export const note = (message: string): void => {
  process.stderr.write(`# ${message}\n`);
};

/** The line `tail` prints for one event. */
export const eventLine = (e: RecordedEvent): string =>
  JSON.stringify({
    position: e.globalPosition,
    recordedAt: e.recordedAt,
    stream: e.streamId,
    version: e.streamVersion,
    type: e.type,
    actor: (e.metadata as Partial<RecordedEvent['metadata']>).actor?.email ?? null,
    data: e.data,
  });
