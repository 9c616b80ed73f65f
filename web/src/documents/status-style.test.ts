import { describe, expect, it } from 'vitest';
import { statusStyle } from './status-style';

describe('status styles (second spec, section 4)', () => {
  it('colours each processing status as the spec says', () => {
    expect(statusStyle('starting')).toMatchObject({ label: 'Starting', colour: 'blue' });
    expect(statusStyle('processing')).toMatchObject({ colour: 'amber', indicator: 'pulse' });
    expect(statusStyle('completed')).toMatchObject({ colour: 'green', indicator: 'none' });
    expect(statusStyle('failed')).toMatchObject({ colour: 'red', indicator: 'mark', markColour: 'red' });
    expect(statusStyle('terminated')).toMatchObject({
      colour: 'grey',
      indicator: 'mark',
      markColour: 'orange',
    });
    expect(statusStyle('not_found')).toMatchObject({ label: 'Error', colour: 'red' });
  });

  it('shows nothing for any other status', () => {
    for (const status of ['queued', '', 'toString', null, undefined]) expect(statusStyle(status)).toBeNull();
  });
});
