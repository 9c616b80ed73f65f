import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../src/cli/args';
import { CliError } from '../../src/cli/connection';

describe('npm run events -- retry|skip', () => {
  it('given --position, when parsed, then it names that event (leading zeros dropped)', () => {
    expect(parseCommand(['retry', '--projection', 'emailSupport', '--position', '0042'])).toEqual({
      name: 'retry',
      options: { projection: 'emailSupport', position: '42' },
    });
  });

  it('given no --position, when parsed, then none is set (the oldest is acted on)', () => {
    expect(parseCommand(['skip', '--projection', 'featureFlags', '--by', 'Ops@Example.com'])).toEqual({
      name: 'skip',
      options: { projection: 'featureFlags', by: 'ops@example.com' },
    });
  });

  it.each([['-1'], ['4 or 1=1'], ['1e3'], ['']])(
    'given --position %j, when parsed, then it is refused',
    (v) => {
      expect(() => parseCommand(['retry', '--projection', 'p', '--position', v])).toThrow(CliError);
    },
  );
});
