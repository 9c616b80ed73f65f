import { describe, expect, it } from 'vitest';
import { maskPrefix } from '@app/contracts';
import { diffSection, summarise } from './section-diff';

const flag = (enabled: boolean, userExceptions: string[] = []) => ({
  enabled,
  userExceptions,
  amplifyGroupExceptions: [],
});

describe('diffSection (the section now against as it was then)', () => {
  it('finds nothing when both are equal', () => {
    expect(diffSection({ beta: flag(true) }, { beta: flag(true) })).toEqual([]);
  });

  it('names the keys a revert adds, removes and changes, nested keys joined', () => {
    const now = { beta: flag(true), gamma: flag(false) };
    const then = { beta: flag(false), alpha: flag(true) };
    expect(diffSection(now, then)).toEqual([
      { kind: 'added', field: 'alpha', to: '3 fields' },
      { kind: 'changed', field: 'beta › enabled', from: 'true', to: 'false' },
      { kind: 'removed', field: 'gamma', from: '3 fields' },
    ]);
  });

  it('compares lists of plain values member by member', () => {
    const now = { beta: flag(true, ['ann@example.com', 'bob@example.com']) };
    const then = { beta: flag(true, ['ann@example.com', 'cy@example.com']) };
    expect(diffSection(now, then)).toEqual([
      { kind: 'removed', field: 'beta › userExceptions', from: '"bob@example.com"' },
      { kind: 'added', field: 'beta › userExceptions', to: '"cy@example.com"' },
    ]);
  });

  it('names a whole-section list or value by the name given', () => {
    expect(
      diffSection(['ann@example.com'], ['ann@example.com', 'bob@example.com'], { whole: 'Admins' }),
    ).toEqual([{ kind: 'added', field: 'Admins', to: '"bob@example.com"' }]);
    expect(diffSection('a', 'b', { whole: 'Email' })).toEqual([
      { kind: 'changed', field: 'Email', from: '"a"', to: '"b"' },
    ]);
  });

  it('says when only the order of a list differs', () => {
    expect(diffSection({ list: ['a', 'b'] }, { list: ['b', 'a'] })).toEqual([
      { kind: 'changed', field: 'list', from: '["a", "b"]', to: '["b", "a"]' },
    ]);
  });

  it('summarises nested values and lists of objects by their size', () => {
    const now = { models: [{ id: 'a' }, { id: 'b' }] };
    const then = { models: [{ id: 'a' }] };
    expect(diffSection(now, then)).toEqual([
      { kind: 'changed', field: 'models', from: '2 items', to: '1 item' },
    ]);
    expect(summarise({ a: 1 })).toBe('1 field');
    expect(summarise(null)).toBe('empty');
    expect(summarise([])).toBe('none');
    expect(summarise('x'.repeat(100))).toHaveLength(62);
  });

  it('shows secrets as their masks only', () => {
    const now = { TOKEN: `${maskPrefix}WXYZ`, OLD: `${maskPrefix}ABCD` };
    const then = { TOKEN: `${maskPrefix}1234`, NEW: 'clear-text-never-shown' };
    const lines = diffSection(now, then, { secret: true });
    expect(lines).toEqual([
      { kind: 'added', field: 'NEW', to: maskPrefix },
      { kind: 'removed', field: 'OLD', from: `${maskPrefix}ABCD` },
      { kind: 'changed', field: 'TOKEN', from: `${maskPrefix}WXYZ`, to: `${maskPrefix}1234` },
    ]);
    expect(JSON.stringify(lines)).not.toContain('clear-text');
  });

  it('keeps a mask found anywhere as the mask', () => {
    expect(diffSection({ key: `${maskPrefix}WXYZ` }, { key: `${maskPrefix}1234` })).toEqual([
      { kind: 'changed', field: 'key', from: `${maskPrefix}WXYZ`, to: `${maskPrefix}1234` },
    ]);
  });
});
