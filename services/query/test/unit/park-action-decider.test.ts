import { describe, expect, it } from 'vitest';
import type { Park } from '@app/platform';
import { decideParkAction } from '../../src/runner/park-actions';

const park = (position: string, setAside: boolean): Park => ({
  projection: 'emailSupport',
  at: { transactionId: '100', globalPosition: position },
  streamId: 'config-emailSupport',
  eventType: 'SupportEmailAddressChanged',
  error: `bad at ${position}`,
  attempts: 1,
  parked: true,
  setAside,
  firstFailedAt: '2026-01-01T00:00:00.000Z',
  lastFailedAt: '2026-01-01T00:00:00.000Z',
  nextAttemptAt: '2026-01-01T00:00:00.000Z',
});

/** The parks as actOnParkedEvent hands them over: oldest first. */
const parks = [park('7', true), park('12', true), park('30', false)];

describe('decideParkAction', () => {
  it('given several events failed on, when retried with no position, then the oldest is retried', () => {
    const d = decideParkAction('retry', 'emailSupport', parks);
    expect(d.type).toBe('ParkedEventRetried');
    expect(d.park.at.globalPosition).toBe('7');
    expect(d.data).toEqual({
      projection: 'emailSupport',
      position: '7',
      streamId: 'config-emailSupport',
      eventType: 'SupportEmailAddressChanged',
      error: 'bad at 7',
    });
  });

  it('given a position, when skipped, then that event is skipped, held or set aside', () => {
    expect(decideParkAction('skip', 'emailSupport', parks, '12')).toMatchObject({
      type: 'ParkedEventSkipped',
      park: { setAside: true },
      data: { position: '12' },
    });
    expect(decideParkAction('skip', 'emailSupport', parks, '30').park.setAside).toBe(false);
  });

  it('given a position it did not fail on, when acted on, then it is refused naming it', () => {
    expect(() => decideParkAction('retry', 'emailSupport', parks, '8')).toThrow(
      "Projection 'emailSupport' has no failing event at position 8.",
    );
  });

  it('given nothing failed on, when acted on, then it is refused', () => {
    expect(() => decideParkAction('retry', 'admins', [])).toThrow(
      "Projection 'admins' has no failing event to retry.",
    );
    expect(() => decideParkAction('skip', 'admins', [])).toThrow(
      "Projection 'admins' has no failing event to skip.",
    );
  });
});
