import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import {
  configAsCodeMessages,
  configAsCodeRoutes,
  configFileActor,
  type ConfigImportResponse,
  type RecordedEvent,
} from '@app/contracts';
import { createSecretBox, newMasterKey, parseMasterKey, type SecretBox } from '@app/platform';
import { exportConfigurationYaml, importConfiguration } from '@app/command';
import { startTestPlatform, type TestPlatform } from '../../../../query/test/support/test-platform';
import { defaults, embed, gpt, keyed, mini } from '../model-fixtures';

const ann = 'ann@example.com';
const bob = 'bob@example.com';
const apiToken = 'tok-live-1234567890-abcdef';
const endpointKey = 'sk-proj-0123456789abcdefXYZW';
const urlSecret = 'querysecret-55556666';
const azureUrl = `https://example.openai.azure.com/openai?api-key=${urlSecret}`;

let source: TestPlatform;
let target: TestPlatform;
const targetSecrets: SecretBox = createSecretBox(parseMasterKey(newMasterKey()));

const yamlBody = (text: string) => ({
  body: text,
  headers: { 'content-type': 'application/yaml' },
});

const importOverHttp = async (p: TestPlatform, text: string, dryRun: boolean) => {
  const res = await p.call(ann, 'POST', `${configAsCodeRoutes.import}?dryRun=${dryRun}`, yamlBody(text));
  return { status: res.statusCode, body: res.json<ConfigImportResponse & { message?: string }>() };
};

const exported = async (p: TestPlatform): Promise<string> => {
  const res = await p.call(ann, 'GET', configAsCodeRoutes.export);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/yaml/);
  return res.body;
};

/** Every string a sealed value carries in the log (ciphertext, iv, tag, data key id, fingerprint). */
const sealedParts = (events: RecordedEvent[]): string[] => {
  const parts: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v !== 'object' || v === null) return;
    if ('ciphertext' in v && 'fingerprint' in v) {
      for (const k of ['ciphertext', 'iv', 'tag', 'dataKeyId', 'fingerprint'] as const) {
        const part = (v as Record<string, unknown>)[k];
        if (typeof part === 'string' && part.length >= 8) parts.push(part);
      }
      return;
    }
    Object.values(v).forEach(walk);
  };
  events.forEach((e) => walk(e.data));
  return parts;
};

/** The export with its secrets as the CLI takes them: `${NAME}` placeholders. */
const withPlaceholders = (text: string): string => {
  const doc = parse(text) as Record<string, unknown>;
  doc['applicationSecrets'] = { API_TOKEN: '${API_TOKEN}' };
  doc['openaiEndpoints'] = [
    {
      model: 'gpt-4o',
      endpoints: [
        { url: 'https://api.openai.com/v1/chat/completions', key: '${OPENAI_KEY}' },
        { url: '${AZURE_URL}', key: '${OPENAI_KEY}' },
      ],
    },
  ];
  return stringify(doc);
};

const env: Record<string, string> = { API_TOKEN: apiToken, OPENAI_KEY: endpointKey, AZURE_URL: azureUrl };

/** createdBy names who created a group: the file's actor on the target. */
const withoutCreatedBy = (text: string): unknown => {
  const doc = parse(text) as { amplifyGroups?: Record<string, { createdBy?: string }> };
  for (const g of Object.values(doc.amplifyGroups ?? {})) delete g.createdBy;
  return doc;
};

beforeAll(async () => {
  source = await startTestPlatform({ admins: [ann] });
  target = await startTestPlatform({ admins: [ann], secrets: targetSecrets });
  const { status, body } = await source.save(ann, [
    { type: 'admins', data: [ann, 'carl@example.com'] },
    {
      type: 'featureFlags',
      data: { darkMode: { enabled: true, userExceptions: [bob], amplifyGroupExceptions: [] } },
    },
    {
      type: 'amplifyGroups',
      data: { Staff: { groupName: 'Staff', members: [bob], includeFromOtherGroups: [] } },
    },
    { type: 'supportedModels', data: keyed(gpt, mini, embed) },
    { type: 'defaultModels', data: defaults },
    { type: 'emailSupport', data: { isActive: true, email: 'help@example.com' } },
    { type: 'applicationSecrets', data: { API_TOKEN: apiToken } },
    {
      type: 'openaiEndpoints',
      data: {
        models: [
          {
            'gpt-4o': {
              endpoints: [
                { url: 'https://api.openai.com/v1/chat/completions', key: endpointKey },
                { url: azureUrl, key: endpointKey },
              ],
            },
          },
        ],
      },
    },
  ]);
  expect({ status, body: body.success ? 'saved' : body }).toEqual({ status: 200, body: 'saved' });
});
afterAll(async () => {
  await source?.close();
  await target?.close();
});

describe('configuration as code: export', () => {
  it('writes every section, secrets as references only: no value, no sealed form, no mask', async () => {
    const text = await exported(source);
    const doc = parse(text) as Record<string, unknown>;
    expect(doc['version']).toBe(1);
    expect(doc['featureFlags']).toEqual({
      darkMode: { enabled: true, userExceptions: [bob], amplifyGroupExceptions: [] },
    });
    expect(doc['applicationSecrets']).toEqual({ API_TOKEN: { secret: 'applicationSecrets/API_TOKEN' } });
    expect(doc['openaiEndpoints']).toEqual([
      {
        model: 'gpt-4o',
        endpoints: [
          {
            url: 'https://api.openai.com/v1/chat/completions',
            key: { secret: 'openaiEndpoints/gpt-4o/1/key' },
          },
          {
            url: { secret: 'openaiEndpoints/gpt-4o/2/url' },
            key: { secret: 'openaiEndpoints/gpt-4o/2/key' },
          },
        ],
      },
    ]);
    for (const secret of [apiToken, endpointKey, urlSecret, '••••', 'cdef', 'XYZW', '6666'])
      expect(text).not.toContain(secret);
    const parts = sealedParts(await source.events());
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) expect(text).not.toContain(part);
    // The CLI's export is the route's.
    expect(await exportConfigurationYaml(source.database.db)).toBe(text);
  });

  it('is for admins only', async () => {
    expect((await source.call(bob, 'GET', configAsCodeRoutes.export)).statusCode).toBe(403);
    expect((await source.call(null, 'GET', configAsCodeRoutes.export)).statusCode).toBe(401);
    const res = await source.call(
      bob,
      'POST',
      `${configAsCodeRoutes.import}?dryRun=true`,
      yamlBody('version: 1\n'),
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('configuration as code: import', () => {
  it('a dry run of the export on its own database changes nothing and finds no difference', async () => {
    const before = (await source.events()).length;
    const { status, body } = await importOverHttp(source, await exported(source), true);
    expect(status).toBe(200);
    expect(body.sections.every((s) => s.changes.length === 0 && s.appended === 0)).toBe(true);
    expect(body.sections.map((s) => s.section)).toContain('openaiEndpoints');
    expect((await source.events()).length).toBe(before);
  });

  it('export → import into a fresh database (secrets from the environment) → export gives the same YAML', async () => {
    const text = withPlaceholders(await exported(source));
    const file = 'platform.yaml';
    const options = {
      actor: configFileActor(file),
      secrets: targetSecrets,
      env: (name: string) => env[name],
    };
    const before = (await target.events()).length;
    const dry = await importConfiguration(target.database.db, text, { ...options, dryRun: true });
    const dryChanges = (section: string) => dry.sections.find((s) => s.section === section)?.changes ?? [];
    expect(dryChanges('supportedModels').filter((c) => c.startsWith('+ '))).toHaveLength(3);
    expect(dryChanges('admins')).toEqual(['+ carl@example.com']);
    expect(dryChanges('applicationSecrets')).toEqual(['+ API_TOKEN: a new value']);
    expect(dry.sections.filter((s) => s.changes.length > 0).length).toBeGreaterThan(5);
    expect((await target.events()).length).toBe(before);

    const applied = await importConfiguration(target.database.db, text, { ...options, dryRun: false });
    const appended = (await target.events()).slice(before);
    expect(appended.length).toBeGreaterThan(0);
    expect(appended.length).toBe(applied.sections.reduce((n, s) => n + s.appended, 0));
    for (const e of appended)
      expect(e.metadata.actor).toEqual({ email: 'config:platform.yaml', kind: 'configFile' });
    for (const e of appended) expect(JSON.stringify(e.data)).not.toContain(apiToken);

    expect(withoutCreatedBy(await exported(target))).toEqual(withoutCreatedBy(await exported(source)));

    // The same file again: nothing appended, no difference.
    const count = (await target.events()).length;
    const again = await importConfiguration(target.database.db, text, { ...options, dryRun: false });
    expect(again.sections.every((s) => s.changes.length === 0 && s.appended === 0)).toBe(true);
    expect((await target.events()).length).toBe(count);
    // Its own export (references to the values saved now) imports as no difference too.
    const own = await importOverHttp(target, await exported(target), false);
    expect(own.status).toBe(200);
    expect(own.body.position).toBe('0');
    expect((await target.events()).length).toBe(count);
  });

  it('a changed secret is a difference that names it, never its value; a reference keeps the value', async () => {
    const text = withPlaceholders(await exported(target));
    const changed = await importConfiguration(target.database.db, text, {
      dryRun: true,
      actor: configFileActor('platform.yaml'),
      secrets: targetSecrets,
      env: (name) => (name === 'API_TOKEN' ? 'another-token-value-0000' : env[name]),
    });
    const secrets = changed.sections.find((s) => s.section === 'applicationSecrets');
    expect(secrets?.changes).toEqual(['~ API_TOKEN: a new value']);
    expect(JSON.stringify(changed)).not.toContain('another-token-value-0000');
  });
});

describe('configuration as code: refusals append nothing', () => {
  const refusedOverHttp = async (text: string, dryRun = false) => {
    const before = (await source.events()).length;
    const { status, body } = await importOverHttp(source, text, dryRun);
    expect((await source.events()).length).toBe(before);
    expect(status).toBe(400);
    return body.message ?? '';
  };

  it('the HTTP import accepts no ${…} placeholder, even in a secret field', async () => {
    const message = await refusedOverHttp('version: 1\napplicationSecrets:\n  API_TOKEN: ${API_TOKEN}\n');
    expect(message).toBe(configAsCodeMessages.placeholdersRefused('Application Secrets › API_TOKEN'));
  });

  it('bad YAML, aliases, unknown sections, a wrong version, a bad field: 400 with a clear message', async () => {
    expect(await refusedOverHttp('version: 1\nadmins: [a@example.com\n')).toMatch(
      /^The file is not valid YAML: /,
    );
    expect(await refusedOverHttp('version: 1\nx: &a [1]\nadmins: *a\n')).toMatch(
      /^The file is not valid YAML: /,
    );
    expect(await refusedOverHttp('version: 1\nadmins: []\nadmins: []\n')).toMatch(
      /^The file is not valid YAML: /,
    );
    expect(await refusedOverHttp('version: 1\nplugins: {}\n')).toBe(
      configAsCodeMessages.unknownSection('plugins'),
    );
    expect(await refusedOverHttp('admins: []\n')).toBe(configAsCodeMessages.badVersion(1));
    expect(await refusedOverHttp('- 1\n')).toBe(configAsCodeMessages.notAMapping);
    expect(await refusedOverHttp('version: 1\nfeatureFlags:\n  darkMode:\n    enabled: maybe\n')).toMatch(
      /^Feature Flags › darkMode\.enabled: /,
    );
    expect(await refusedOverHttp(`version: 1\nadmins: ${'['.repeat(40)}${']'.repeat(40)}\n`)).toBe(
      configAsCodeMessages.tooDeep(32),
    );
    expect(await refusedOverHttp('version: 1\napplicationSecrets:\n  API_TOKEN: plain-value\n')).toBe(
      configAsCodeMessages.secretLiteral('Application Secrets › API_TOKEN'),
    );
    expect(
      await refusedOverHttp(
        'version: 1\napplicationSecrets:\n  OTHER: {secret: applicationSecrets/API_TOKEN}\n',
      ),
    ).toBe(
      configAsCodeMessages.unknownReference('Application Secrets › OTHER', 'applicationSecrets/API_TOKEN'),
    );
  });

  it('a placeholder in a field that holds no secret is refused, with the environment given too', async () => {
    const before = (await source.events()).length;
    await expect(
      importConfiguration(
        source.database.db,
        'version: 1\nemailSupport: {isActive: true, email: "${MAIL}"}\n',
        {
          dryRun: false,
          actor: configFileActor('platform.yaml'),
          secrets: createSecretBox(parseMasterKey(newMasterKey())),
          env: () => 'x@example.com',
        },
      ),
    ).rejects.toThrow(configAsCodeMessages.placeholderNotSecret('Support Email › email'));
    expect((await source.events()).length).toBe(before);
  });

  it('a section its save refuses refuses the whole import: the sections before it are not appended', async () => {
    const doc = parse(await exported(source)) as Record<string, unknown>;
    doc['admins'] = [ann, 'dora@example.com'];
    doc['defaultModels'] = { ...defaults, user: 'no-such-model' };
    const message = await refusedOverHttp(stringify(doc));
    expect(message).toMatch(/^(Default Models|Supported Models): /);
  });

  it('a body over the bound is refused', async () => {
    const res = await source.call(
      ann,
      'POST',
      `${configAsCodeRoutes.import}?dryRun=true`,
      yamlBody(`# ${'x'.repeat(1_100_000)}\nversion: 1\n`),
    );
    expect(res.statusCode).toBe(413);
  });
});
