export interface GroupedWritesOptions<R> {
  /** At most this many rows in one write (default 1000). */
  maxRows?: number;
  /**
   * A write starts at least this long after the one before it started (default 0: at once). Rows
   * that come meanwhile wait and go together: a busy queue makes a few large writes a second, not
   * one per round trip. A queue idle that long writes at once.
   */
  minGapMs?: number;
  /** A row that may not wait out the gap (a stream's end): its write starts once none is in flight. */
  urgent?: (row: R) => boolean;
}

/**
 * Group commit: rows written while a write is in flight wait for it, then go together in the next
 * one. One write at a time per queue, as many rows as came meanwhile (at most `maxRows`), and no
 * added wait when the queue is idle. Each `write(row)` resolves with what `writeAll` answered for it.
 */
export const groupedWrites = <R, A>(
  writeAll: (rows: readonly R[]) => Promise<A[]>,
  opts: GroupedWritesOptions<R> = {},
): ((row: R) => Promise<A>) => {
  const maxRows = opts.maxRows ?? 1000;
  const minGapMs = opts.minGapMs ?? 0;
  type Pending = { row: R; resolve: (a: A) => void; reject: (e: unknown) => void };
  let queue: Pending[] = [];
  let writing = false;
  let lastStart = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;

  const pump = async (): Promise<void> => {
    if (writing || queue.length === 0) return;
    const wait = lastStart + minGapMs - performance.now();
    if (wait > 0 && !queue.some((p) => opts.urgent?.(p.row))) {
      timer ??= setTimeout(() => {
        timer = undefined;
        void pump();
      }, wait);
      return;
    }
    clearTimeout(timer);
    timer = undefined;
    writing = true;
    lastStart = performance.now();
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
