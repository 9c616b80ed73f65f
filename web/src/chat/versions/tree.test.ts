import { describe, expect, it } from 'vitest';
import { turnId, type ChatTurn } from '../model/types';
import { historyTo, lastShownRequest, pathTo, threadOf, versionBeside, type ChosenVersions } from './tree';

/** A request's two messages; `parent` undefined: kept before versions (names no parent). */
const request = (requestId: string, parent?: string | null, text = requestId): ChatTurn[] =>
  (['user', 'assistant'] as const).map((role) => ({
    id: turnId(requestId, role),
    role,
    content: role === 'user' ? `ask ${text}` : `answer ${text}`,
    requestId,
    at: '2025-01-01T00:00:00.000Z',
    ...(parent === undefined ? {} : { parentRequestId: parent }),
  }));

/** The thread as `request@index/count`. */
const shown = (turns: ChatTurn[], chosen: ChosenVersions = {}) =>
  threadOf(turns, chosen).map((r) => `${r.requestId}@${r.version.index}/${r.version.count}`);

describe('the thread shown', () => {
  it('Given messages kept before versions (no parent named), When shown, Then they read as one line', () => {
    const turns = [...request('a'), ...request('b'), ...request('c')];
    expect(shown(turns)).toEqual(['a@1/1', 'b@1/1', 'c@1/1']);
    expect(pathTo(turns, 'c').map((r) => r.requestId)).toEqual(['a', 'b', 'c']);
  });

  it('Given an old conversation, When a new message names the last request, Then it follows it', () => {
    const turns = [...request('a'), ...request('b'), ...request('c', 'b')];
    expect(shown(turns)).toEqual(['a@1/1', 'b@1/1', 'c@1/1']);
  });

  it('Given the first message edited, When shown, Then the newest first version shows, alone, 2 / 2', () => {
    const turns = [...request('a', null), ...request('b', 'a'), ...request('a2', null)];
    expect(shown(turns)).toEqual(['a2@2/2']);
  });

  it('Given the first message edited, When the user turns to version 1, Then it shows with the answers that followed it', () => {
    const turns = [...request('a', null), ...request('b', 'a'), ...request('a2', null)];
    expect(shown(turns, { '': 'a' })).toEqual(['a@1/2', 'b@1/1']);
  });

  it('Given a middle turn regenerated, When shown, Then the new version ends the thread; the old one keeps its later answers', () => {
    const turns = [
      ...request('a', null),
      ...request('b', 'a'),
      ...request('c', 'b'),
      ...request('b2', 'a', 'b'),
    ];
    expect(shown(turns)).toEqual(['a@1/1', 'b2@2/2']);
    expect(shown(turns, { a: 'b' })).toEqual(['a@1/1', 'b@1/2', 'c@1/1']);
    const regenerated = threadOf(turns, {})[1];
    expect(regenerated?.user?.content).toBe('ask b');
  });

  it('Given versions at two turns, When each has a choice, Then the thread follows both', () => {
    const turns = [
      ...request('a', null),
      ...request('b', 'a'),
      ...request('c', 'b'),
      ...request('c2', 'b'),
      ...request('b2', 'a'),
    ];
    expect(shown(turns, { a: 'b', b: 'c' })).toEqual(['a@1/1', 'b@1/2', 'c@1/2']);
    expect(shown(turns, { a: 'b' })).toEqual(['a@1/1', 'b@1/2', 'c2@2/2']);
  });

  it('Given a choice of a version not there, When shown, Then the newest shows', () => {
    const turns = [...request('a', null), ...request('a2', null)];
    expect(shown(turns, { '': 'gone' })).toEqual(['a2@2/2']);
  });

  it('Given a message naming a parent not there (or after it), When shown, Then it follows the request before it', () => {
    const turns = [
      ...request('a', null),
      ...request('b', 'missing'),
      ...request('c', 'd'),
      ...request('d', 'c'),
    ];
    expect(shown(turns)).toEqual(['a@1/1', 'b@1/1', 'c@1/1', 'd@1/1']);
  });

  it('Given a question whose answer has not come, When shown, Then its request shows without an answer', () => {
    const turns = [...request('a', null), request('b', 'a')[0]!];
    const thread = threadOf(turns, {});
    expect(thread.map((r) => [r.requestId, r.answer?.content ?? null])).toEqual([
      ['a', 'answer a'],
      ['b', null],
    ]);
  });
});

describe('a new message and its history', () => {
  const turns = [...request('a', null), ...request('b', 'a'), ...request('c', 'b'), ...request('b2', 'a')];

  it('Given versions, When a message is sent, Then it follows the last request shown', () => {
    expect(lastShownRequest(turns, {})).toBe('b2');
    expect(lastShownRequest(turns, { a: 'b' })).toBe('c');
    expect(lastShownRequest([], {})).toBeNull();
  });

  it('Given an edit of a middle turn, When its history is read, Then it holds the thread up to the parent only', () => {
    expect(historyTo(turns, 'a').map((t) => t.content)).toEqual(['ask a', 'answer a']);
    expect(historyTo(turns, null)).toEqual([]);
    expect(historyTo(turns, 'c').map((t) => t.content)).toEqual([
      'ask a',
      'answer a',
      'ask b',
      'answer b',
      'ask c',
      'answer c',
    ]);
  });

  it('Given a turn with versions, When the user steps, Then Previous and Next name the versions beside, none past the ends', () => {
    const version = threadOf(turns, { a: 'b' })[1]!.version;
    expect(versionBeside(version, -1)).toBeNull();
    expect(versionBeside(version, 1)).toBe('b2');
  });
});
