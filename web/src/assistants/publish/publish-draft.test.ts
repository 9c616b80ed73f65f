import { describe, expect, it } from 'vitest';
import {
  addUsers,
  initialPublishDraft,
  pathDataOf,
  removeUser,
  toggleGroup,
  userSuggestions,
} from './publish-draft';

const published = {
  astPath: 'team/helper',
  data: { isPublic: false, accessTo: { amplifyGroups: ['Staff'], users: ['bo@example.com'] } },
};

describe('the Publish Assistant Path form', () => {
  it('is public by default; a group assistant never is', () => {
    expect(initialPublishDraft(null, false)).toEqual({
      path: '',
      isPublic: true,
      amplifyGroups: [],
      users: [],
    });
    expect(initialPublishDraft(null, true).isPublic).toBe(false);
    expect(
      initialPublishDraft({ ...published, data: { ...published.data, isPublic: true } }, true).isPublic,
    ).toBe(false);
  });

  it('starts from what the assistant was published with', () => {
    expect(initialPublishDraft(published, false)).toEqual({
      path: 'team/helper',
      isPublic: false,
      amplifyGroups: ['Staff'],
      users: ['bo@example.com'],
    });
  });

  it('a public path lists nobody; a restricted one its groups and users', () => {
    const restricted = initialPublishDraft(published, false);
    expect(pathDataOf(restricted)).toEqual(published.data);
    expect(pathDataOf({ ...restricted, isPublic: true })).toEqual({
      isPublic: true,
      accessTo: { amplifyGroups: [], users: [] },
    });
  });

  it('groups tick on and off; users are added once and removed', () => {
    let draft = initialPublishDraft(null, false);
    draft = toggleGroup(toggleGroup(draft, 'Staff'), 'Faculty');
    expect(draft.amplifyGroups).toEqual(['Staff', 'Faculty']);
    expect(toggleGroup(draft, 'Staff').amplifyGroups).toEqual(['Faculty']);
    draft = addUsers(addUsers(draft, ['a@example.com']), ['a@example.com', 'b@example.com']);
    expect(draft.users).toEqual(['a@example.com', 'b@example.com']);
    expect(removeUser(draft, 'a@example.com').users).toEqual(['b@example.com']);
  });

  it('suggests known addresses, never the current user nor one already listed', () => {
    const known = ['Me@Example.com', 'ann@example.com', 'bob@example.com', 'ann@example.com'];
    expect(userSuggestions('', known, 'me@example.com', ['bob@example.com'])).toEqual(['ann@example.com']);
    expect(userSuggestions('BO', known, 'me@example.com', [])).toEqual(['bob@example.com']);
    expect(userSuggestions('', known, 'me@example.com', [], 1)).toEqual(['ann@example.com']);
  });
});
