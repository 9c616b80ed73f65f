import type { Kysely, Updateable } from 'kysely';
import type { RecordedEvent } from '@app/contracts';
import type { Db } from '@app/platform';

type Schema = Db extends Kysely<infer S> ? S : never;

/** A read model's table. */
export type ReadModelTable = Extract<keyof Schema, `rm_${string}`>;

/** The `reset` of a projection whose rows are these tables: empties them, in this order. */
export const emptying =
  (...tables: readonly ReadModelTable[]) =>
  async (trx: Db): Promise<void> => {
    for (const table of tables) await trx.deleteFrom(table).execute();
  };

/** Who changed a row and when: the event's actor and the time it was recorded. */
export const changeStamp = (recorded: RecordedEvent): { changed_by: string; changed_at: Date } => ({
  changed_by: recorded.metadata.actor.email,
  changed_at: new Date(recorded.recordedAt),
});

/** What an update may set on a row of `T`. */
export type RowChange<T extends ReadModelTable> = Updateable<Schema[T]>;
