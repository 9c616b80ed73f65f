import { describe, expect, it } from 'vitest';
import { parseApiKeyBlock } from './apikey-block';

const json = (v: unknown) => JSON.stringify(v);
const keyId = '3f0c2a4e-9b1d-4c7e-8a2f-6d5b4c3a2e1f';
const create = {
  account: null,
  delegate: null,
  appName: 'Reporting script',
  appDescription: 'Nightly reports',
  rateLimit: { period: 'Daily', rate: 5 },
  expirationDate: '2099-01-31',
  accessTypes: ['chat'],
  systemUse: false,
};
const errorOf = (text: string): string => {
  const parsed = parseApiKeyBlock(text);
  if (parsed.ok) throw new Error('expected a refusal');
  return parsed.error;
};

describe('the APIkey block', () => {
  it('reads CREATE with every field', () => {
    const parsed = parseApiKeyBlock(json({ OP: 'CREATE', DATA: create }));
    expect(parsed).toEqual({ ok: true, value: { OP: 'CREATE', DATA: create } });
  });

  it('reads CREATE without the optional delegate, and with an account', () => {
    const { delegate: _, ...rest } = create;
    const parsed = parseApiKeyBlock(
      json({ OP: 'CREATE', DATA: { ...rest, account: { id: 'general_account', name: 'No COA On File' } } }),
    );
    expect(parsed.ok && parsed.value.OP === 'CREATE' && parsed.value.DATA.account?.id).toBe(
      'general_account',
    );
  });

  it('refuses CREATE missing required fields or with unknown ones', () => {
    const { appName: _, accessTypes: __, ...rest } = create;
    expect(errorOf(json({ OP: 'CREATE', DATA: rest }))).toBe(
      'The APIkey block is not valid: DATA.appName is missing; DATA.accessTypes is missing.',
    );
    expect(errorOf(json({ OP: 'CREATE', DATA: { ...create, secret: 'x' } }))).toBe(
      "The APIkey block is not valid: DATA has unknown field 'secret'.",
    );
    expect(errorOf(json({ OP: 'CREATE', DATA: { ...create, accessTypes: ['root'] } }))).toBe(
      'The APIkey block is not valid: DATA.accessTypes[0] must be one of full_access, chat, assistants, file_upload, share, dual_embedding.',
    );
    expect(errorOf(json({ OP: 'CREATE', DATA: { ...create, accessTypes: [] } }))).toBe(
      'The APIkey block is not valid: DATA.accessTypes must not be empty.',
    );
    expect(errorOf(json({ OP: 'CREATE', DATA: { ...create, expirationDate: 'next week' } }))).toContain(
      'DATA.expirationDate The expiration date must be a date',
    );
    expect(errorOf(json({ OP: 'CREATE', DATA: { ...create, delegate: 'not an email' } }))).toContain(
      'DATA.delegate',
    );
  });

  it('refuses an unknown or missing OP, plainly', () => {
    expect(errorOf(json({ OP: 'ROTATE', DATA: [] }))).toBe(
      'The APIkey block is not valid: OP "ROTATE" is unknown: it must be one of CREATE, UPDATE, GET, DEACTIVATE.',
    );
    expect(errorOf(json({ OP: 'create', DATA: create }))).toContain('OP "create" is unknown');
    expect(errorOf(json({ DATA: [] }))).toBe('The APIkey block is not valid: OP is missing.');
  });

  it('reads GET and DEACTIVATE as lists of id and name; GET may be empty, DEACTIVATE not', () => {
    expect(parseApiKeyBlock(json({ OP: 'GET', DATA: [] }))).toEqual({
      ok: true,
      value: { OP: 'GET', DATA: [] },
    });
    expect(
      parseApiKeyBlock(json({ OP: 'DEACTIVATE', DATA: [{ id: keyId, name: 'Reporting script' }] })),
    ).toEqual({
      ok: true,
      value: { OP: 'DEACTIVATE', DATA: [{ id: keyId, name: 'Reporting script' }] },
    });
    expect(errorOf(json({ OP: 'DEACTIVATE', DATA: [] }))).toBe(
      'The APIkey block is not valid: DATA must not be empty.',
    );
    expect(errorOf(json({ OP: 'GET', DATA: { id: keyId, name: 'x' } }))).toBe(
      'The APIkey block is not valid: DATA must be a list.',
    );
  });

  it('finds a key by name when the id is not known, but needs one of them', () => {
    expect(parseApiKeyBlock(json({ OP: 'GET', DATA: [{ id: '', name: 'Reporting script' }] })).ok).toBe(true);
    expect(errorOf(json({ OP: 'GET', DATA: [{ id: '', name: ' ' }] }))).toBe(
      'The APIkey block is not valid: DATA[0] needs an id or a name.',
    );
    expect(errorOf(json({ OP: 'GET', DATA: [{ id: 'key-1', name: 'x' }] }))).toBe(
      'The APIkey block is not valid: DATA[0].id must be an API key id (a version-4 UUID) or "".',
    );
    expect(errorOf(json({ OP: 'DEACTIVATE', DATA: [{ id: keyId }] }))).toBe(
      'The APIkey block is not valid: DATA[0].name is missing.',
    );
  });

  it('refuses a key named twice', () => {
    expect(
      errorOf(
        json({
          OP: 'DEACTIVATE',
          DATA: [
            { id: keyId, name: 'a' },
            { id: keyId.toUpperCase(), name: 'b' },
          ],
        }),
      ),
    ).toBe('The APIkey block is not valid: DATA lists a key more than once.');
  });

  it('reads UPDATE entries with only the changed fields, and refuses one that changes nothing', () => {
    const entry = { id: keyId, name: 'Reporting script', rateLimit: { period: 'Monthly', rate: 20 } };
    expect(parseApiKeyBlock(json({ OP: 'UPDATE', DATA: [entry] }))).toEqual({
      ok: true,
      value: { OP: 'UPDATE', DATA: [entry] },
    });
    expect(errorOf(json({ OP: 'UPDATE', DATA: [{ id: keyId, name: 'x' }] }))).toBe(
      'The APIkey block is not valid: DATA[0] names no field to change.',
    );
    expect(errorOf(json({ OP: 'UPDATE', DATA: [{ id: keyId, name: 'x', active: true }] }))).toBe(
      "The APIkey block is not valid: DATA[0] has unknown field 'active'; DATA[0] names no field to change.",
    );
  });

  it('refuses text around the JSON and extra top-level fields', () => {
    expect(errorOf(`OP: GET\n${json({ OP: 'GET', DATA: [] })}`)).toMatch(/not valid JSON/);
    expect(errorOf(json({ OP: 'GET', DATA: [], note: 'x' }))).toBe(
      "The APIkey block is not valid: has unknown field 'note'.",
    );
  });
});
