import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatToolsStreamId, type ToolApprovalChunkData } from '@app/contracts';
import { inTransaction, readStream } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { askFirst, recordToolEvent, toolWakeId } from '../../../src/mcp/ask-first';
import { fakeStopBus } from '../../support-chat/fake-ports';

const metadata = {
  actor: { email: 'ann@example.com', kind: 'user' as const },
  commandId: 'c',
  correlationId: 'c',
  causationId: 'c',
  requestId: 'r',
  schemaVersion: 1,
};
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const refOf = (requestId: string) => ({
  requestId,
  callId: 'call-1',
  serverId: '7b0a5d4e-2f43-4c58-9d8a-3c1e2b4f5a6d',
  serverName: 'Tools',
  tool: 'delete_file',
});

describe("a call that asks first, waiting for its owner's answer", () => {
  it('no answer within the wait: denied by the platform, marked expired, the question told so', async () => {
    const ref = refOf('r-expire');
    const questions: ToolApprovalChunkData[] = [];
    const statuses: string[] = [];
    const answer = await askFirst(
      { db: database.db, wakes: fakeStopBus(), approvalWaitMs: 150 },
      metadata,
      ref,
      { path: '/etc' },
      { status: (s) => statuses.push(s), approval: (q) => questions.push(q) },
      new AbortController().signal,
    );
    expect(answer).toBe('denied');
    expect(questions.map((q) => q.state)).toEqual(['asked', 'expired']);
    expect(questions[0]?.arguments).toBe('{"path":"/etc"}');
    expect(statuses).toEqual(['Waiting for your answer: may delete_file on Tools run?']);
    const events = await readStream(database.db, chatToolsStreamId('r-expire'));
    expect(
      events.map((e) => [e.type, e.metadata.actor.kind, (e.data as { expired?: boolean }).expired]),
    ).toEqual([
      ['ToolApprovalAsked', 'user', undefined],
      ['ToolCallDenied', 'system', true],
    ]);
  });

  it('an answer recorded and published wakes the wait at once', async () => {
    const ref = refOf('r-allow');
    const wakes = fakeStopBus();
    const waiting = askFirst(
      { db: database.db, wakes, approvalWaitMs: 60_000 },
      metadata,
      ref,
      {},
      { status: () => undefined, approval: () => undefined },
      new AbortController().signal,
    );
    await vi.waitFor(async () =>
      expect((await readStream(database.db, chatToolsStreamId('r-allow'))).length).toBe(1),
    );
    await inTransaction(database.db, (trx) =>
      recordToolEvent(trx, 'r-allow', metadata, {
        type: 'AnswerApproval',
        requestId: 'r-allow',
        callId: 'call-1',
        allow: true,
      }),
    );
    await wakes.publish(toolWakeId('r-allow', 'call-1'));
    expect(await waiting).toBe('approved');
  });
});
