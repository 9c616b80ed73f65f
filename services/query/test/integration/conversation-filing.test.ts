import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationFilingRoutes,
  filingMessages,
  type ConversationFilingResponse,
  type FilingCommandResponse,
} from '@app/contracts';
import { rebuild } from '../../src/runner/rebuild';
import { conversationFilingProjection } from '../../src/projections/conversation-filing';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

const ann = 'ann@example.com';
const bob = 'bob@example.com';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [] });
});
afterAll(async () => {
  await p.close();
});

const post = async (email: string, url: string, body: unknown) => {
  const res = await p.call(email, 'POST', url, { body });
  return { status: res.statusCode, body: res.json<FilingCommandResponse & { message?: string }>() };
};

const filingOf = async (email: string, waitFor = '0') => {
  const res = await p.call(email, 'GET', `${conversationFilingRoutes.get}?waitFor=${waitFor}`);
  expect(res.statusCode).toBe(200);
  return res.json<ConversationFilingResponse>().data;
};

describe('folders, pins and tags of conversations', () => {
  it("files, pins and tags the caller's conversations; another user sees none of it", async () => {
    const made = await post(ann, conversationFilingRoutes.createFolder, { name: '  Work  ' });
    expect(made.status).toBe(200);
    const folderId = made.body.folderId ?? '';
    expect(folderId).not.toBe('');
    await post(ann, conversationFilingRoutes.file, { conversationId: 'c-cloud', folderId });
    await post(ann, conversationFilingRoutes.file, { conversationId: 'c-local', folderId });
    await post(ann, conversationFilingRoutes.pin, { conversationId: 'c-pinned' });
    await post(ann, conversationFilingRoutes.tag, { conversationId: 'c-cloud', tag: 'urgent' });
    const last = await post(ann, conversationFilingRoutes.tag, { conversationId: 'c-cloud', tag: 'q3' });

    const filing = await filingOf(ann, last.body.position);
    expect(filing.folders).toEqual([{ id: folderId, name: 'Work' }]);
    expect(filing.conversations).toEqual([
      { conversationId: 'c-cloud', folderId, pinned: false, tags: ['urgent', 'q3'] },
      { conversationId: 'c-local', folderId, pinned: false, tags: [] },
      { conversationId: 'c-pinned', folderId: null, pinned: true, tags: [] },
    ]);
    expect(await filingOf(bob, last.body.position)).toEqual({ folders: [], conversations: [] });

    // Bob cannot file into Ann's folder, rename or delete it: it is not one of his.
    for (const [url, body] of [
      [conversationFilingRoutes.file, { conversationId: 'c-bob', folderId }],
      [conversationFilingRoutes.renameFolder, { folderId, name: 'Mine' }],
      [conversationFilingRoutes.deleteFolder, { folderId }],
    ] as const) {
      const refused = await post(bob, url, body);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(filingMessages.noSuchFolder(folderId));
    }
  });

  it('refuses a name taken (409), a bad name or id (400), and deleting a folder leaves its conversations unfiled', async () => {
    const made = await post(bob, conversationFilingRoutes.createFolder, { name: 'Trips' });
    const folderId = made.body.folderId ?? '';
    const taken = await post(bob, conversationFilingRoutes.createFolder, { name: 'trips' });
    expect(taken).toMatchObject({ status: 409, body: { message: filingMessages.folderExists('trips') } });
    expect((await post(bob, conversationFilingRoutes.createFolder, { name: '   ' })).status).toBe(400);
    expect((await post(bob, conversationFilingRoutes.createFolder, { name: 'x'.repeat(101) })).status).toBe(
      400,
    );
    expect((await post(bob, conversationFilingRoutes.pin, { conversationId: 'not an id!' })).status).toBe(
      400,
    );
    expect(
      (await post(bob, conversationFilingRoutes.tag, { conversationId: 'c1', tag: 'x'.repeat(41) })).status,
    ).toBe(400);

    await post(bob, conversationFilingRoutes.file, { conversationId: 'c-trip', folderId });
    await post(bob, conversationFilingRoutes.tag, { conversationId: 'c-trip', tag: 'rome' });
    const deleted = await post(bob, conversationFilingRoutes.deleteFolder, { folderId });
    expect(deleted.status).toBe(200);
    const filing = await filingOf(bob, deleted.body.position);
    expect(filing.folders).toEqual([]);
    expect(filing.conversations).toEqual([
      { conversationId: 'c-trip', folderId: null, pinned: false, tags: ['rome'] },
    ]);

    // A rebuild gives the same rows as the runner.
    const before = { ann: await filingOf(ann), bob: filing };
    await rebuild(p.database.db, conversationFilingProjection);
    expect({ ann: await filingOf(ann), bob: await filingOf(bob) }).toEqual(before);
  });
});
