import { describe, expect, it } from 'vitest';
import { maskOf, platformMessages } from '@app/contracts';
import {
  addNamedValue,
  checkNewName,
  entryState,
  removeNamedValue,
  setNamedValue,
  sortedNames,
} from './named-value-edits';

const saved = { API_KEY: maskOf('abcd'), REGION: maskOf('') };

describe('sortedNames', () => {
  it('lists the longest names first, equal lengths alphabetically', () => {
    expect(sortedNames({ B: '1', LONGEST_NAME: '2', MID: '3', AAA: '4', A: '5' })).toEqual([
      'LONGEST_NAME',
      'AAA',
      'MID',
      'A',
      'B',
    ]);
  });

  it('lists nothing for an empty section', () => {
    expect(sortedNames({})).toEqual([]);
  });
});

describe('setNamedValue', () => {
  it('a typed value replaces the saved one', () => {
    expect(setNamedValue(saved, saved, 'API_KEY', 'new-value')).toEqual({ ...saved, API_KEY: 'new-value' });
  });

  it('emptying the input of a saved value keeps the saved value (its mask)', () => {
    const edited = setNamedValue(saved, saved, 'API_KEY', 'x');
    expect(setNamedValue(edited, saved, 'API_KEY', '')).toEqual(saved);
  });

  it('a value not saved yet may be emptied', () => {
    expect(setNamedValue({ NEW: 'v' }, saved, 'NEW', '')).toEqual({ NEW: '' });
  });
});

describe('adding and removing', () => {
  it('checks a new name: required, trimmed, not listed already', () => {
    expect(checkNewName(saved, '  ', 'Application Secrets')).toEqual({
      ok: false,
      message: platformMessages.variableNameRequired('Application Secrets'),
    });
    expect(checkNewName(saved, ' API_KEY ', 'Application Secrets')).toEqual({
      ok: false,
      message: platformMessages.variableNameRepeated('Application Secrets', 'API_KEY'),
    });
    expect(checkNewName(saved, ' TOKEN ', 'Application Secrets')).toEqual({ ok: true, name: 'TOKEN' });
  });

  it('adds and removes an entry without touching the others', () => {
    const added = addNamedValue(saved, 'TOKEN', 't');
    expect(added).toEqual({ ...saved, TOKEN: 't' });
    expect(removeNamedValue(added, 'API_KEY')).toEqual({ REGION: saved.REGION, TOKEN: 't' });
  });
});

describe('entryState', () => {
  it('tells saved, changed and added entries apart', () => {
    expect(entryState(saved, 'API_KEY', saved.API_KEY)).toBe('saved');
    expect(entryState(saved, 'API_KEY', 'typed')).toBe('changed');
    expect(entryState(saved, 'TOKEN', 'typed')).toBe('added');
  });
});
