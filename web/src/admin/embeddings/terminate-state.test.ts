import { describe, expect, it } from 'vitest';
import { embeddingMessages } from '@app/contracts';
import { canTerminate, formatEventTime, formatSize, terminateLabel, withState } from './terminate-state';

describe('the Terminate button', () => {
  it("shows the spec's words while terminating and once terminated", () => {
    expect(terminateLabel('idle')).toBe('Terminate');
    expect(terminateLabel('terminating')).toBe(embeddingMessages.terminating);
    expect(terminateLabel('terminated')).toBe(embeddingMessages.terminated);
    expect(terminateLabel('failed')).toBe('Terminate');
  });

  it('can be pressed again only after a failure', () => {
    expect(['idle', 'terminating', 'terminated', 'failed'].map((s) => canTerminate(s as never))).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });

  it('keeps the other rows’ states', () => {
    expect(withState({ a: 'terminated' }, 'b', 'terminating')).toEqual({ a: 'terminated', b: 'terminating' });
  });
});

describe('the table’s cells', () => {
  it('sizes in B, KB, MB', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(20 * 1024 * 1024)).toBe('20 MB');
  });

  it('keeps a time that is not a date as it came', () => {
    expect(formatEventTime('soon')).toBe('soon');
    expect(formatEventTime('2026-01-02T03:04:05.000Z')).not.toBe('2026-01-02T03:04:05.000Z');
  });
});
