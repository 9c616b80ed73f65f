import { describe, expect, it } from 'vitest';
import { revertMessages } from '@app/contracts';
import { formatMoment, localInputValue, momentOf } from './moment';

describe('the picked moment', () => {
  it('turns the local date and time into an ISO time, and names it', () => {
    const date = new Date(2026, 10, 20, 14, 5, 9);
    const moment = momentOf('time', localInputValue(date), 'UTC');
    expect(moment?.at).toBe(date.toISOString());
    expect(moment?.when).toBe(formatMoment(date, 'UTC'));
  });

  it('accepts a time without seconds', () => {
    const moment = momentOf('time', '2026-11-20T14:05');
    expect(moment?.at).toBe(new Date(2026, 10, 20, 14, 5, 0).toISOString());
  });

  it('formats a moment to the second in the zone given', () => {
    expect(formatMoment(new Date('2026-11-20T14:05:09Z'), 'UTC')).toBe('20 Nov 2026 14:05:09');
  });

  it('takes a log position as digits', () => {
    expect(momentOf('position', ' 42 ')).toEqual({ at: '42', when: revertMessages.whenPosition('42') });
  });

  it('refuses what is neither', () => {
    expect(momentOf('time', '')).toBeNull();
    expect(momentOf('time', 'yesterday')).toBeNull();
    expect(momentOf('position', '4x')).toBeNull();
    expect(momentOf('position', '')).toBeNull();
  });
});
