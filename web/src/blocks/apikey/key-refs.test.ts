import { describe, expect, it } from 'vitest';
import type { ApiKeyView } from '@app/contracts';
import { createRequestOf, keysToShow, resolveRef, updateOf } from './key-refs';

const key = (apiKeyId: string, applicationName: string, active = true): ApiKeyView => ({
  apiKeyId,
  owner: 'me@example.com',
  delegate: null,
  applicationName,
  applicationDescription: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastAccessed: null,
  rateLimit: { period: 'Unlimited', rate: null },
  expirationDate: null,
  accessTypes: ['chat'],
  active,
  account: { id: 'general_account', name: 'No COA On File' },
  systemId: null,
  systemUse: false,
});
const a = key('3f0c2a4e-9b1d-4c7e-8a2f-6d5b4c3a2e1f', 'Reports');
const b = key('7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', 'Bot', false);
const b2 = key('1a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', 'bot');

describe('matching a block entry to a key', () => {
  it('by id first, whatever the name says', () => {
    expect(resolveRef({ id: a.apiKeyId.toUpperCase(), name: 'Other' }, [a, b])).toMatchObject({
      ok: true,
      key: a,
    });
  });

  it('by name when the id is empty, only when one key has it', () => {
    expect(resolveRef({ id: '', name: ' reports ' }, [a, b])).toMatchObject({ ok: true, key: a });
    expect(resolveRef({ id: '', name: 'Bot' }, [a, b, b2])).toEqual({
      ok: false,
      error: "More than one of your API keys is named 'Bot': give its id.",
    });
    expect(resolveRef({ id: '', name: 'Nope' }, [a])).toEqual({
      ok: false,
      error: "None of your API keys matches the name 'Nope'.",
    });
    expect(resolveRef({ id: b.apiKeyId, name: 'Bot' }, [a])).toEqual({
      ok: false,
      error: `None of your API keys matches the id ${b.apiKeyId}.`,
    });
  });

  it('GET shows every key for an empty list, else those named (once each)', () => {
    expect(keysToShow([], [a, b]).shown).toEqual([a, b]);
    expect(
      keysToShow(
        [
          { id: '', name: 'Reports' },
          { id: a.apiKeyId, name: 'Reports' },
          { id: '', name: 'x' },
        ],
        [a, b],
      ),
    ).toEqual({ shown: [a], errors: ["None of your API keys matches the name 'x'."] });
  });
});

describe('requests of a block', () => {
  it('an update carries only the changed fields, under their long names', () => {
    expect(
      updateOf(a.apiKeyId, { id: '', name: 'Reports', appName: 'Reports v2', accessTypes: ['chat'] }),
    ).toEqual({
      apiKeyId: a.apiKeyId,
      applicationName: 'Reports v2',
      accessTypes: ['chat'],
    });
  });

  it('a create without an account takes the one chosen in the chat', () => {
    const request = createRequestOf(
      {
        account: null,
        appName: 'App',
        appDescription: '',
        rateLimit: { period: 'Daily', rate: 5 },
        expirationDate: null,
        accessTypes: ['chat'],
        systemUse: false,
      },
      { id: 'acct-1', name: 'Project 1', rateLimit: { period: 'Unlimited', rate: null } },
    );
    expect(request).toEqual({
      delegate: null,
      applicationName: 'App',
      applicationDescription: '',
      account: { id: 'acct-1', name: 'Project 1' },
      rateLimit: { period: 'Daily', rate: 5 },
      expirationDate: null,
      accessTypes: ['chat'],
      systemUse: false,
    });
  });
});
