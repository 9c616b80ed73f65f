import { describe, expect, it } from 'vitest';
import { assistantPathMessages } from '@app/contracts';
import {
  checkFailedState,
  localPathState,
  normalisePathInput,
  PathVerdictCache,
  publishablePath,
  verdictState,
} from './path-check';

describe('the path check, as typed', () => {
  it('lower-cases what is typed', () => {
    expect(normalisePathInput('Team/Helper')).toBe('team/helper');
  });

  it.each([
    ['', 'empty', assistantPathMessages.empty],
    ['my path', 'invalid', assistantPathMessages.characters],
    ['ab', 'invalid', assistantPathMessages.tooShort],
    ['a'.repeat(21), 'invalid', assistantPathMessages.tooLong],
    ['/abc', 'invalid', assistantPathMessages.slashAtEnds],
    ['abc/', 'invalid', assistantPathMessages.slashAtEnds],
    ['ab//cd', 'invalid', assistantPathMessages.consecutiveSlashes],
    ['team/admin', 'invalid', assistantPathMessages.reservedTerm('admin')],
  ])('%j is %s: %s', (path, kind, message) => {
    expect(localPathState(path, null)).toMatchObject({ kind, message });
  });

  it('a path of 20 characters passes the rules; only the server can tell the rest', () => {
    expect(localPathState('a'.repeat(20), null)).toBeNull();
    expect(localPathState('good-path_1/x', null)).toBeNull();
  });

  it("the assistant's own path is its Current Path, valid without asking", () => {
    expect(localPathState('team/helper', 'Team/Helper')).toEqual({
      kind: 'valid',
      path: 'team/helper',
      message: assistantPathMessages.current,
    });
  });

  it("the server's verdicts become the valid and invalid states; only a valid one may be published", () => {
    const taken = verdictState('abc', { valid: false, message: assistantPathMessages.taken });
    const free = verdictState('abc', { valid: true, message: assistantPathMessages.available });
    expect(taken).toEqual({ kind: 'invalid', path: 'abc', message: assistantPathMessages.taken });
    expect(publishablePath(taken)).toBeNull();
    expect(publishablePath(free)).toBe('abc');
    expect(publishablePath(checkFailedState('abc'))).toBeNull();
    expect(checkFailedState('abc')).toMatchObject({ message: assistantPathMessages.checkFailed });
  });
});

describe('the verdicts cached per path', () => {
  it('keeps a verdict per path, forgets on demand, drops the oldest past its capacity', () => {
    const cache = new PathVerdictCache(2);
    cache.set('one', { valid: true, message: assistantPathMessages.available });
    cache.set('two', { valid: false, message: assistantPathMessages.taken });
    expect(cache.get('one')?.valid).toBe(true);
    cache.set('three', { valid: true, message: assistantPathMessages.available });
    expect(cache.get('one')).toBeUndefined();
    expect(cache.get('two')?.message).toBe(assistantPathMessages.taken);
    cache.forget('two');
    expect(cache.get('two')).toBeUndefined();
  });

  it('never keeps a failed check, so the path is asked again', () => {
    const cache = new PathVerdictCache();
    cache.set('abc', { valid: false, message: assistantPathMessages.checkFailed });
    expect(cache.get('abc')).toBeUndefined();
  });
});
