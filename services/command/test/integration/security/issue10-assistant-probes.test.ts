import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantRoutes, sessionCookieName } from '@app/contracts';
import { startChatPlatform, type ChatPlatform } from '../../support-chat/chat-platform';
import { createAs, postAs, publishAs } from '../../support-assistants/assistant-calls';

const ann = 'ann@example.com';
const bob = 'bob@example.com';

let p: ChatPlatform;
beforeAll(async () => {
  p = await startChatPlatform();
  await p.configure([
    {
      type: 'featureFlags',
      data: { assistantPathPublishing: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] } },
    },
  ]);
});
afterAll(async () => {
  await p.close();
});

/** The events of assistants' streams (sessions and refusal logs aside). */
const eventCount = async () =>
  (
    await p.database.db
      .selectFrom('events')
      .select('stream_id')
      .where('stream_id', 'like', 'assistant%')
      .execute()
  ).length;

describe("security probe: another user's assistant", () => {
  it("bob cannot make a version of, delete, or publish ann's assistant, nor create in a group he does not administer; nothing is appended", async () => {
    const id = await createAs(p, ann, { name: 'Anns', instructions: 'secret instructions' });
    const before = await eventCount();
    const version = await postAs(p, bob, assistantRoutes.create, { name: 'Hijack', assistantId: id });
    expect(version.statusCode, version.body).toBe(403);
    expect((await postAs(p, bob, assistantRoutes.delete, { assistantId: id })).statusCode).toBe(403);
    expect((await publishAs(p, bob, id, 'bob-owns-this')).statusCode).toBe(403);
    const inGroup = await postAs(p, bob, assistantRoutes.create, { name: 'G', groupId: 'no-such-group' });
    expect(inGroup.statusCode).toBeGreaterThanOrEqual(400);
    expect(inGroup.statusCode).toBeLessThan(500);
    expect(await eventCount()).toBe(before);
  });

  it("bob's list never holds ann's assistant; a guessed id is not found", async () => {
    const res = await p.app.inject({
      method: 'GET',
      url: assistantRoutes.list,
      cookies: { [sessionCookieName]: await p.signIn(bob) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('secret instructions');
    const guessed = await postAs(p, bob, assistantRoutes.delete, {
      assistantId: 'astp/00000000-0000-4000-8000-000000000000',
    });
    expect([403, 404]).toContain(guessed.statusCode);
  });

  it('lookups of odd path forms are 404 or 400, never a server error', async () => {
    for (const astPath of ['../etc/passwd', '%2e%2e', 'ANN/../x', 'a'.repeat(5_000), '', '/', 'аdmin']) {
      const res = await postAs(p, bob, assistantRoutes.lookup, { astPath });
      expect([400, 404], astPath.slice(0, 20)).toContain(res.statusCode);
    }
  });

  it('oversized fields and lists are refused with 400 and nothing appended', async () => {
    const before = await eventCount();
    for (const payload of [
      { name: 'x'.repeat(100_000) },
      { name: 'ok', instructions: 'x'.repeat(2_000_000) },
      { name: 'ok', tags: Array.from({ length: 10_000 }, (_, i) => `t${i}`) },
      { name: 'ok', tools: Array.from({ length: 10_000 }, (_, i) => ({ name: `t${i}` })) },
      { name: 'ok', fileKeys: Array.from({ length: 10_000 }, (_, i) => `k${i}`) },
    ]) {
      const res = await postAs(p, ann, assistantRoutes.create, payload);
      expect([400, 413], Object.keys(payload).join()).toContain(res.statusCode);
    }
    expect(await eventCount()).toBe(before);
  });
});
