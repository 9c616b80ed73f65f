import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { liftStatementTimeout, migrateToLatest, openDatabase, type DatabaseHandle } from '@app/platform';
import { testServerUrl } from '@app/platform/testing';

const admin = async (text: string) => {
  const c = new pg.Client({ connectionString: testServerUrl() });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
};

const name = `t_${randomBytes(6).toString('hex')}`;
const url = (() => {
  const u = new URL(testServerUrl());
  u.pathname = `/${name}`;
  return u.toString();
})();
const opened: DatabaseHandle[] = [];
const open = (options: Parameters<typeof openDatabase>[1]) => {
  const h = openDatabase(url, options);
  opened.push(h);
  return h;
};

beforeAll(async () => {
  await admin(`create database ${name}`);
});
afterAll(async () => {
  for (const h of opened) await h.close();
  await admin(`drop database if exists ${name} with (force)`);
});

const show = async (h: DatabaseHandle, setting: string) => {
  const r = await h.pool.query<Record<string, string>>(`show ${setting}`);
  return r.rows[0]?.[setting];
};

describe('the pooled connections', () => {
  it('start with the default bounds on statements and idle transactions', async () => {
    const h = open({ max: 1 });
    expect(await show(h, 'statement_timeout')).toBe('30s');
    expect(await show(h, 'idle_in_transaction_session_timeout')).toBe('1min');
  });

  it('take the bounds they are given; 0 lifts them', async () => {
    const h = open({ max: 1, statementTimeoutMs: 1500, idleInTransactionTimeoutMs: 2500 });
    expect(await show(h, 'statement_timeout')).toBe('1500ms');
    expect(await show(h, 'idle_in_transaction_session_timeout')).toBe('2500ms');
    const none = open({ max: 1, statementTimeoutMs: 0, idleInTransactionTimeoutMs: 0 });
    expect(await show(none, 'statement_timeout')).toBe('0');
    expect(await show(none, 'idle_in_transaction_session_timeout')).toBe('0');
  });

  it('cancel a statement past the bound, unless its transaction lifted it', async () => {
    const h = open({ max: 1, statementTimeoutMs: 50 });
    await expect(sql`select pg_sleep(5)`.execute(h.db)).rejects.toMatchObject({ code: '57014' });
    await h.db.transaction().execute(async (trx) => {
      await liftStatementTimeout(trx);
      await sql`select pg_sleep(0.2)`.execute(trx);
    });
    // The lift ended with its transaction.
    expect(await show(h, 'statement_timeout')).toBe('50ms');
  });

  it('migrate without the statement bound, and give the connection its bound back', async () => {
    const h = open({ max: 1, statementTimeoutMs: 1 });
    await expect(migrateToLatest(h.db)).resolves.toBeDefined();
    expect(await show(h, 'statement_timeout')).toBe('1ms');
  });

  it('log a pooled connection the server ended, at warn, and keep serving', async () => {
    const logger = { warn: vi.fn(), debug: vi.fn() };
    const h = open({ max: 1, logger });
    const pid = (await h.pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
    await admin(`select pg_terminate_backend(${String(pid)})`);
    await vi.waitFor(() => expect(logger.warn).toHaveBeenCalled(), { timeout: 10_000 });
    expect(logger.warn.mock.calls[0]?.[1]).toMatch(/database connection lost/);
    expect((await h.pool.query<{ ok: number }>('select 1 as ok')).rows[0]?.ok).toBe(1);
  });
});
