import { afterEach, describe, expect, it } from 'vitest';
import { documentMessages } from '@app/contracts';
import { createExtractionPool, type ExtractionPool } from '../../src/documents/extraction-pool';
import { defaultExtractionLimits, type ExtractionLimits } from '../../src/documents/extraction-limits';
import { pdfOf } from '../support/document-fixtures';
import { pdfInflatingTo, pdfOfManyOperators } from '../support/hostile-documents';

/** The pool's own threads (TypeScript through tsx's loader), each test with limits of its own. */
let pool: ExtractionPool | undefined;
const poolWith = (limits: Partial<ExtractionLimits>) =>
  (pool = createExtractionPool({ ...defaultExtractionLimits(), threads: 1, ...limits }));
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

const ordinary = async (p: ExtractionPool) =>
  p.extract({ name: 'after.pdf', format: 'pdf', bytes: await pdfOf(['Read after the limit.']) });

describe('the extraction pool: Given a document, When a thread reads it', () => {
  it('an ordinary PDF is read and chunked on a thread of the pool, not this one', async () => {
    const p = poolWith({});
    expect(await ordinary(p)).toEqual({
      totalItems: 1,
      isImage: false,
      chunks: [{ index: 0, text: 'Read after the limit.', location: { page: 1, item: 0, lastItem: 0 } }],
    });
    expect(p.threadIds()).toHaveLength(1);
    expect(p.retired()).toEqual([]);
  });

  it('past the time limit: refused naming it, its thread terminated, the next document read on another', async () => {
    const p = poolWith({ timeLimitMs: 1_000 });
    expect(await p.extract({ name: 'ops.pdf', format: 'pdf', bytes: pdfOfManyOperators() })).toEqual({
      reason: 'time-limit',
      message: documentMessages.timeLimit(1),
    });
    const [gone] = p.retired();
    expect(gone).toBeDefined();
    expect(p.threadIds()).not.toContain(gone);
    expect(await ordinary(p)).toMatchObject({ chunks: [{ text: 'Read after the limit.' }] });
    expect(p.threadIds()).not.toContain(gone);
  });

  it('past the heap cap: refused naming the memory limit, its thread terminated', async () => {
    const p = poolWith({ memoryMb: 64 });
    expect(await p.extract({ name: 'ops.pdf', format: 'pdf', bytes: pdfOfManyOperators() })).toEqual({
      reason: 'memory-limit',
      message: documentMessages.memoryLimit(64),
    });
    expect(p.retired()).toHaveLength(1);
    expect(await ordinary(p)).toMatchObject({ chunks: [{ text: 'Read after the limit.' }] });
  });

  it('a bomb disguised as an image (not counted before PDF.js): its buffers pass the memory limit, refused naming it', async () => {
    const p = poolWith({ memoryMb: 256 });
    expect(
      await p.extract({ name: 'bomb.pdf', format: 'pdf', bytes: await pdfInflatingTo(600, true) }),
    ).toEqual({
      reason: 'memory-limit',
      message: documentMessages.memoryLimit(256),
    });
    expect(p.retired()).toHaveLength(1);
    expect(p.threadIds()).not.toContain(p.retired()[0]);
  });

  it('a refusal by a limit the thread checks itself (inflated bytes) also retires the thread', async () => {
    const p = poolWith({ inflatedBytes: 2 * 1024 * 1024 });
    expect(await p.extract({ name: 'bomb.pdf', format: 'pdf', bytes: await pdfInflatingTo(3) })).toEqual({
      reason: 'inflated-size-limit',
      message: documentMessages.inflatedLimit(2),
    });
    const [gone] = p.retired();
    expect(gone).toBeDefined();
    expect(p.threadIds()).not.toContain(gone);
  });
});
