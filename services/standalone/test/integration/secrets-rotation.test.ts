import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationSecretsStreamId,
  platformMessages,
  SealedSecret,
  secretRoutes,
  sectionLabels,
  systemActor,
  type RecordedEvent,
} from '@app/contracts';
import {
  appendToStream,
  createSecretBox,
  newMasterKey,
  parseMasterKey,
  SecretUnavailableError,
  type Db,
  type Keyring,
  type SecretBox,
} from '@app/platform';
import { startTestPlatform, type TestPlatform } from '../../../query/test/support/test-platform';
import { sealFirstForm } from '../../../platform/test/support/legacy-seal';

/**
 * `npm run secrets -- rotate-master-key`, run as the operator runs it (a process of its own, keys
 * from a file and the environment) against a platform's database: every data key is re-wrapped under
 * the new master key in one transaction, the log is untouched, the values open under the new key and
 * not under the old one, and neither key is printed.
 */
const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/cli/secrets-cli.ts');
const ann = 'ann@example.com';
const oldText = newMasterKey();
const newText = newMasterKey();
const oldKey = parseMasterKey(oldText);
const newKey = parseMasterKey(newText);
const oldBox = createSecretBox(oldKey);
const newBox = createSecretBox(newKey);

/** The service's box, switched to the new key as a restart with the new APP_MASTER_KEY would. */
let current: SecretBox = oldBox;
const restartable: SecretBox = {
  get keyId() {
    return current.keyId;
  },
  fingerprint: (plain) => current.fingerprint(plain),
  keyring: (db) => current.keyring(db),
  keyringOn: (store) => current.keyringOn(store),
};

const values = {
  secret: 'rotating-secret-0000-SEC1',
  variable: 'rotating-variable-0000-VAR1',
  endpointKey: 'rotating-endpoint-key-0000-KEY1',
  urlToken: 'rotating-url-token-0000-TOK1',
  removed: 'removed-secret-0000-GONE',
  firstForm: 'first-form-secret-0000-OLD1',
};
const url = `https://east.example.com/v1/chat/completions?token=${values.urlToken}`;

let p: TestPlatform;
const dir = mkdtempSync(path.join(tmpdir(), 'rotation-'));
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann], secrets: restartable });
});
afterAll(async () => {
  await p.close();
});
const db = (): Db => p.database.db;

const run = (args: string[], env: Record<string, string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: { PATH: process.env['PATH'] ?? '', LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });

const sealedIn = (events: RecordedEvent[]): SealedSecret[] =>
  events.flatMap((e) =>
    ['value', 'key', 'urlSecret'].flatMap((f) => {
      const parsed = SealedSecret.safeParse((e.data as Record<string, unknown>)[f]);
      return parsed.success ? [parsed.data] : [];
    }),
  );

const outcome = async (keys: Keyring, sealed: SealedSecret): Promise<string> => {
  try {
    return await keys.open(sealed);
  } catch (e) {
    return e instanceof SecretUnavailableError ? e.reason : `unexpected: ${String(e)}`;
  }
};

const logText = async () =>
  (
    await sql<{
      t: string;
    }>`select string_agg(global_position::text || data::text, '|' order by global_position) as t from events`.execute(
      db(),
    )
  ).rows[0]?.t ?? '';

describe('rotating the master key', () => {
  let before: { log: string; sealed: SealedSecret[] };

  it('given secrets, a variable, an endpoint with a credential in its url, a removed secret and a first-form value under the old key', async () => {
    const saved = await p.save(ann, [
      { type: 'applicationSecrets', data: { SEC: values.secret, GONE: values.removed } },
      { type: 'applicationVariables', data: { VAR: values.variable } },
      {
        type: 'openaiEndpoints',
        data: { models: [{ 'gpt-4o': { endpoints: [{ url, key: values.endpointKey, isNew: true }] } }] },
      },
    ]);
    expect(saved.status).toBe(200);
    expect((await p.save(ann, [{ type: 'applicationSecrets', data: { SEC: values.secret } }])).status).toBe(
      200,
    );
    // A value as the first form sealed it (before data keys had a table), still in use.
    await appendToStream(
      db(),
      applicationSecretsStreamId,
      [
        {
          type: 'ApplicationSecretAdded',
          data: { name: 'OLD', value: sealFirstForm(oldKey, values.firstForm) },
        },
      ],
      {
        expectedVersion: 'any',
        metadata: {
          actor: systemActor,
          commandId: 'first-form',
          correlationId: 'first-form',
          causationId: 'first-form',
          requestId: 'first-form',
          schemaVersion: 1,
        },
      },
    );
    before = { log: await logText(), sealed: sealedIn(await p.events()) };
    expect(before.sealed.length).toBe(6);
  });

  it('when the operator runs npm run secrets -- rotate-master-key, then it says what to do next and prints no key', async () => {
    const oldFile = path.join(dir, 'master-key');
    const newFile = path.join(dir, 'new-master-key');
    writeFileSync(oldFile, `${oldText}\n`, { mode: 0o600 });
    writeFileSync(newFile, `${newText}\n`, { mode: 0o600 });

    const result = await run(['rotate-master-key', '--new-key-file', newFile], {
      DATABASE_URL: p.database.url,
      APP_MASTER_KEY_FILE: oldFile,
    });

    expect(result.stderr).not.toMatch(/^error/m);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Rotated the master key ${oldBox.keyId} -> ${newBox.keyId}`);
    expect(result.stdout).toContain('1 first-form value(s) in use stored apart');
    expect(result.stdout).toContain(`the one in ${`the file ${newFile}`}`);
    for (const key of [oldKey, newKey]) {
      for (const text of [key.toString('base64'), key.toString('base64url'), key.toString('hex')]) {
        expect(result.stdout).not.toContain(text);
        expect(result.stderr).not.toContain(text);
      }
    }
  });

  it('then every live data key is wrapped under the new key, the master key in use is the new one, and the log is untouched', async () => {
    const rows = await db().selectFrom('data_keys').selectAll().execute();
    expect(rows.filter((r) => r.wrapped_key !== null).every((r) => r.master_key_id === newBox.keyId)).toBe(
      true,
    );
    expect(rows.filter((r) => r.wrapped_key !== null)).toHaveLength(5);
    expect(await db().selectFrom('secret_master_key').select('key_id').executeTakeFirst()).toEqual({
      key_id: newBox.keyId,
    });
    expect(await logText()).toBe(before.log);
  });

  it('then the values open under the new key and not under the old one; the removed one stays shredded', async () => {
    const opened = await Promise.all(before.sealed.map((s) => outcome(newBox.keyring(db()), s)));
    expect(opened.sort()).toEqual(
      [values.secret, values.removed, values.variable, values.endpointKey, url, values.firstForm]
        .map((v) => (v === values.removed ? 'shredded' : v))
        .sort(),
    );
    const withOld = await Promise.all(before.sealed.map((s) => outcome(oldBox.keyring(db()), s)));
    expect(withOld.sort()).toEqual([
      'shredded',
      'unreadable',
      'unreadable',
      'unreadable',
      'unreadable',
      'unreadable',
    ]);
  });

  it('a service still on the old key refuses to seal or reveal with a clear message (400), and appends nothing', async () => {
    const count = (await p.events()).length;
    const saved = await p.save(ann, [{ type: 'applicationSecrets', data: { SEC: 'a-new-value-0000-NEW1' } }]);
    expect(saved.status).toBe(400);
    expect(saved.body.data['applicationSecrets']?.message).toBe(platformMessages.masterKeyNotInUse);
    const revealed = await p.call(ann, 'POST', secretRoutes.reveal, {
      body: { section: 'applicationSecrets', key: 'SEC' },
    });
    expect(revealed.statusCode).toBe(400);
    expect(revealed.json()).toEqual({
      success: false,
      message: platformMessages.secretUnreadable(sectionLabels.applicationSecrets, 'SEC'),
    });
    expect((await p.events()).length).toBe(count);
  });

  it('restarted with the new key, it reveals and saves again', async () => {
    current = newBox;
    const revealed = await p.call(ann, 'POST', secretRoutes.reveal, {
      body: { section: 'applicationSecrets', key: 'OLD' },
    });
    expect(revealed.json()).toEqual({ success: true, value: values.firstForm });
    const saved = await p.save(ann, [
      { type: 'applicationSecrets', data: { SEC: 'a-new-value-0000-NEW1', OLD: values.firstForm } },
    ]);
    expect(saved.status).toBe(200);
  });

  it('status names the master key in use and counts the data keys, printing no key', async () => {
    const result = await run(['status'], { DATABASE_URL: p.database.url, APP_MASTER_KEY: newText });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`master key in use: ${newBox.keyId}`);
    expect(result.stdout).toContain(`this key (APP_MASTER_KEY): ${newBox.keyId} - the one in use`);
    expect(result.stdout).toMatch(new RegExp(`master key ${newBox.keyId}: \\d+ live, \\d+ destroyed`));
    expect(result.stdout + result.stderr).not.toContain(newText);
  });

  it('a second run with the old key as the current one is refused, changing nothing', async () => {
    const result = await run(['rotate-master-key'], {
      DATABASE_URL: p.database.url,
      APP_MASTER_KEY: newMasterKey(),
      NEW_APP_MASTER_KEY: newMasterKey(),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`is not the master key in use (key id ${newBox.keyId})`);
  });
});
