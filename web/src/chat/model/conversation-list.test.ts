import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '@app/contracts';
import { formatCost, mergeConversations, type BrowserConversation } from './conversation-list';

const server = (over: Partial<ConversationSummary> & { id: string }): ConversationSummary => ({
  name: null,
  storage: 'future-local',
  cost: 0,
  requests: 0,
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...over,
});
const local = (over: Partial<BrowserConversation> & { id: string }): BrowserConversation => ({
  name: 'Local',
  updatedAt: '2025-01-01T00:00:00.000Z',
  storage: 'future-local',
  ...over,
});

describe('the conversation list', () => {
  it('a local conversation: its name from this browser, its cost from the server', () => {
    const [item] = mergeConversations(
      [server({ id: 'a', cost: 0.25, requests: 2 })],
      [local({ id: 'a', name: 'Trip' })],
    );
    expect(item).toEqual({
      id: 'a',
      name: 'Trip',
      storage: 'future-local',
      cost: 0.25,
      requests: 2,
      updatedAt: '2025-01-01T00:00:00.000Z',
      elsewhere: false,
    });
  });

  it('a cloud conversation comes from the server, name and all', () => {
    const [item] = mergeConversations([server({ id: 'c', storage: 'future-cloud', name: 'Cloudy' })], []);
    expect(item).toMatchObject({ id: 'c', name: 'Cloudy', storage: 'future-cloud', elsewhere: false });
  });

  it('one this browser started that the server does not list yet costs nothing so far', () => {
    const items = mergeConversations(
      [],
      [local({ id: 'n', name: 'New' }), local({ id: 'k', storage: 'future-cloud' })],
    );
    expect(items.map((i) => [i.id, i.cost, i.storage])).toEqual([
      ['k', 0, 'future-cloud'],
      ['n', 0, 'future-local'],
    ]);
  });

  it('a local one the server knows but this browser does not hold was kept in another browser', () => {
    const [item] = mergeConversations([server({ id: 'x', cost: 1 })], []);
    expect(item).toMatchObject({ id: 'x', name: null, elsewhere: true, cost: 1 });
  });

  it("a cloud one the server named keeps the server's name", () => {
    const [item] = mergeConversations(
      [server({ id: 'c', storage: 'future-cloud', name: 'Renamed' })],
      [local({ id: 'c', storage: 'future-cloud', name: 'First words' })],
    );
    expect(item?.name).toBe('Renamed');
  });

  it('lists the newest first, the latest of both sides counting', () => {
    const items = mergeConversations(
      [
        server({ id: 'old', updatedAt: '2025-01-01T00:00:00.000Z' }),
        server({ id: 'mid', updatedAt: '2025-01-02T00:00:00.000Z', storage: 'future-cloud' }),
      ],
      [
        local({ id: 'old', updatedAt: '2025-01-03T00:00:00.000Z' }),
        local({ id: 'new', updatedAt: '2025-01-04T00:00:00.000Z' }),
      ],
    );
    expect(items.map((i) => i.id)).toEqual(['new', 'old', 'mid']);
  });
});

describe('costs', () => {
  it('in cents, or with 4 to 6 decimals under a cent', () => {
    expect([0, 0.0004, 0.0000275, 0.5, 12.345].map(formatCost)).toEqual([
      '$0.00',
      '$0.0004',
      '$0.000028',
      '$0.50',
      '$12.35',
    ]);
  });
});
