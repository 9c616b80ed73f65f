/**
 * Group commit: rows written while a write is in flight wait for it, then go together in the next
 * one. One write at a time per queue, as many rows as came meanwhile (at most `maxRows`), and no
 * added wait when the queue is idle. Each `write(row)` resolves with what `writeAll` answered for it.
 */
export const groupedWrites = <R, A>(
  writeAll: (rows: readonly R[]) => Promise<A[]>,
  maxRows = 1000,
): ((row: R) => Promise<A>) => {
  type Pending = { row: R; resolve: (a: A) => void; reject: (e: unknown) => void };
  let queue: Pending[] = [];
  let writing = false;

  const pump = async (): Promise<void> => {
    if (writing || queue.length === 0) return;
    writing = true;
    const group = queue.slice(0, maxRows);
    queue = queue.slice(group.length);
    try {
      const answers = await writeAll(group.map((p) => p.row));
      group.forEach((p, i) => p.resolve(answers[i] as A));
    } catch (e) {
      group.forEach((p) => p.reject(e));
    } finally {
      writing = false;
      void pump();
    }
  };

  return (row) =>
    new Promise<A>((resolve, reject) => {
      queue.push({ row, resolve, reject });
      void pump();
    });
};
