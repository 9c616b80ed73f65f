import { describe, expect, it } from 'vitest';
import { configAsCodeMessages, maskOf, type SealedSecret } from '@app/contracts';
import {
  exportConfiguration,
  exportSection,
  planConfiguration,
  planSection,
  type PlanContext,
} from '../../../src/config-as-code/index';
import { loadSectionStatesFor } from './states';

const sealed = (value: string): SealedSecret => ({
  version: 2,
  dataKeyId: `key-of-${value}`,
  iv: 'iv',
  tag: 'tag',
  ciphertext: `sealed-${value}`,
  last4: value.slice(-4),
  fingerprint: `fp:${value}`,
});
const ctx = (env: Record<string, string> = {}): PlanContext => ({
  env: (name) => env[name],
  fingerprint: (value) => `fp:${value}`,
});
const http: PlanContext = { fingerprint: (value) => `fp:${value}` };

describe('Application Secrets', () => {
  const given = { API_TOKEN: sealed('token-value-1234') };

  it('exports references only', () => {
    expect(exportSection('applicationSecrets', given)).toEqual({
      API_TOKEN: { secret: 'applicationSecrets/API_TOKEN' },
    });
  });

  it('a reference to the saved value, or the same value from the environment, is no change', () => {
    const ref = { API_TOKEN: { secret: 'applicationSecrets/API_TOKEN' } };
    expect(planSection('applicationSecrets', given, ref, ctx())).toEqual({
      section: 'applicationSecrets',
      changes: [],
      data: null,
    });
    const same = { API_TOKEN: '${TOKEN}' };
    expect(
      planSection('applicationSecrets', given, same, ctx({ TOKEN: 'token-value-1234' })).data,
    ).toBeNull();
  });

  it('another value from the environment is a change that never shows it; a name gone is removed', () => {
    const plan = planSection(
      'applicationSecrets',
      given,
      { NEW_ONE: '${NEW}', API_TOKEN: '${TOKEN}' },
      ctx({ TOKEN: 'another-value-9999', NEW: 'new-value-5555' }),
    );
    expect(plan.changes).toEqual(['+ NEW_ONE: a new value', '~ API_TOKEN: a new value']);
    expect(plan.data).toEqual({ NEW_ONE: 'new-value-5555', API_TOKEN: 'another-value-9999' });
    expect(planSection('applicationSecrets', given, {}, ctx())).toEqual({
      section: 'applicationSecrets',
      changes: ['- API_TOKEN'],
      data: {},
    });
  });

  it('kept values go to the save as their masks', () => {
    const plan = planSection(
      'applicationSecrets',
      given,
      { API_TOKEN: { secret: 'applicationSecrets/API_TOKEN' }, B: '${B}' },
      ctx({ B: 'b-value' }),
    );
    expect(plan.data).toEqual({ API_TOKEN: maskOf('1234'), B: 'b-value' });
  });

  it('refuses a literal value, an unknown reference, an unset variable, and any placeholder without an environment', () => {
    const where = 'Application Secrets › API_TOKEN';
    expect(() => planSection('applicationSecrets', given, { API_TOKEN: 'plain' }, ctx())).toThrow(
      configAsCodeMessages.secretLiteral(where),
    );
    expect(() =>
      planSection('applicationSecrets', given, { API_TOKEN: { secret: 'applicationSecrets/OTHER' } }, ctx()),
    ).toThrow(configAsCodeMessages.unknownReference(where, 'applicationSecrets/OTHER'));
    expect(() => planSection('applicationSecrets', given, { API_TOKEN: '${NOPE}' }, ctx())).toThrow(
      configAsCodeMessages.placeholderUnset(where, 'NOPE'),
    );
    expect(() => planSection('applicationSecrets', given, { API_TOKEN: '${T}' }, http)).toThrow(
      configAsCodeMessages.placeholdersRefused(where),
    );
  });
});

describe('OpenAi Endpoints', () => {
  const given = [
    {
      name: 'gpt-4o',
      endpoints: [
        { url: 'https://api.openai.com/v1/chat/completions', key: sealed('sk-key-abcdefgh') },
        { url: 'http://127.0.0.1:8000/v1/chat/completions' },
      ],
    },
  ];

  it('its own export is no change', () => {
    const exported = exportSection('openaiEndpoints', given);
    expect(exported).toEqual([
      {
        model: 'gpt-4o',
        endpoints: [
          {
            url: 'https://api.openai.com/v1/chat/completions',
            key: { secret: 'openaiEndpoints/gpt-4o/1/key' },
          },
          { url: 'http://127.0.0.1:8000/v1/chat/completions' },
        ],
      },
    ]);
    expect(planSection('openaiEndpoints', given, exported, http).data).toBeNull();
  });

  it('a new endpoint is added, a model gone removed; a url with credentials must be a placeholder', () => {
    const plan = planSection(
      'openaiEndpoints',
      given,
      [{ model: 'llama', endpoints: [{ url: 'http://127.0.0.1:9000/v1/chat/completions' }] }],
      http,
    );
    expect(plan.changes).toEqual([
      '+ llama',
      '+ llama: endpoint http://127.0.0.1:9000/v1/chat/completions',
      '- gpt-4o',
    ]);
    expect(plan.data).toEqual({
      models: [{ llama: { endpoints: [{ url: 'http://127.0.0.1:9000/v1/chat/completions', key: '' }] } }],
    });
    expect(() =>
      planSection(
        'openaiEndpoints',
        given,
        [{ model: 'x', endpoints: [{ url: 'https://h/v1?api-key=abc' }] }],
        http,
      ),
    ).toThrow(configAsCodeMessages.urlWithCredentials('OpenAi Endpoints › 0.endpoints.0.url'));
  });
});

describe('sections without secrets', () => {
  it('a placeholder is refused even with an environment', () => {
    expect(() =>
      planSection('admins', { admins: [] }, ['${ADMIN}'], ctx({ ADMIN: 'a@example.com' })),
    ).toThrow(configAsCodeMessages.placeholderNotSecret('Admins › 0'));
  });

  it('lists the difference field by field; the order of a set is no difference', () => {
    const flags = {
      darkMode: { enabled: false, userExceptions: ['a@x.org', 'b@x.org'], amplifyGroupExceptions: [] },
    };
    const target = {
      darkMode: { enabled: true, userExceptions: ['b@x.org', 'a@x.org'], amplifyGroupExceptions: [] },
    };
    expect(planSection('featureFlags', flags, target, http).changes).toEqual([
      '~ darkMode.enabled: false → true',
    ]);
    const reordered = { darkMode: { ...flags.darkMode, userExceptions: ['b@x.org', 'a@x.org'] } };
    expect(planSection('featureFlags', flags, reordered, http).data).toBeNull();
  });
});

describe('a whole document', () => {
  const states = loadSectionStatesFor();

  it('plans only the sections it names; its own export plans nothing', () => {
    expect(planConfiguration(states, { version: 1, admins: [] }, http).map((p) => p.section)).toEqual([
      'admins',
    ]);
    const all = planConfiguration(states, exportConfiguration(states), http);
    expect(all.every((p) => p.data === null)).toBe(true);
  });

  it('refuses another version, an unknown section, a document that is not a mapping', () => {
    expect(() => planConfiguration(states, { admins: [] }, http)).toThrow(configAsCodeMessages.badVersion(1));
    expect(() => planConfiguration(states, { version: 1, plugins: {} }, http)).toThrow(
      configAsCodeMessages.unknownSection('plugins'),
    );
    expect(() => planConfiguration(states, [], http)).toThrow(configAsCodeMessages.notAMapping);
  });
});
