import { describe, expect, it, vi } from 'vitest';
import { chatRetrievalMessages, ChatRequest, type ChatChunk, type ChatSource } from '@app/contracts';
import type { ChunkHit } from '@app/platform';
import type { EarlyGeneration } from '../../src/chat/early-generation';
import type { GenerationRequest } from '../../src/chat/generation-request';
import { retrieverFor, type RetrievableFile, type RetrievalPorts } from '../../src/chat/retrieval';
import { generationAfter, sendRetrieval } from '../../src/chat/retrieval-generation';
import { passagesPrompt, withRetrieved } from '../../src/chat/retrieval-prompt';
import type { ChatSse } from '../../src/chat/sse';

const ann = 'ann@example.com';
const bob = 'bob@example.com';

const request = (keys: string[]) =>
  ChatRequest.parse({
    model: 'm',
    dataSources: keys.map((key) => ({ id: key })),
    messages: [
      { role: 'system', content: 'Be terse.' },
      { role: 'user', content: 'first question' },
      { role: 'assistant', content: 'an answer' },
      { role: 'user', content: 'When was the tower built?' },
    ],
    options: { requestId: 'r-1' },
  });

const file = (owner: string, sha256: string, f: Partial<RetrievableFile> = {}): RetrievableFile => ({
  owner,
  name: `${sha256}.pdf`,
  status: 'completed',
  sha256,
  deleted: false,
  ...f,
});

const hit = (sha256: string, index: number, text: string, location?: ChunkHit['location']): ChunkHit => ({
  sha256,
  index,
  text,
  score: 0.9 - index / 100,
  ...(location ? { location } : {}),
});

/** Ports over a fixed set of files; the search answers a hit per digest it is given. */
const portsOver = (files: Record<string, RetrievableFile>) => {
  const ports = {
    fileStateOf: vi.fn((key: string) => Promise.resolve(files[key] ?? null)),
    embedQuery: vi.fn((_text: string) => Promise.resolve([1, 0])),
    search: vi.fn((_v: readonly number[], sha256s: readonly string[], _limit: number) =>
      Promise.resolve(sha256s.map((s, i) => hit(s, i, `passage of ${s}`))),
    ),
  } satisfies RetrievalPorts;
  return ports;
};

describe('retrieval for a chat request', () => {
  it("given the caller's embedded files and another user's, when retrieving, then only the caller's are searched", async () => {
    const ports = portsOver({
      'ann/a.pdf': file(ann, 'shaA'),
      'bob/b.pdf': file(bob, 'shaB'),
      'ann/busy.pdf': file(ann, 'shaC', { status: 'processing' }),
      'ann/gone.pdf': file(ann, 'shaD', { deleted: true }),
    });
    const retrieve = retrieverFor(ports, () => undefined);
    const got = await retrieve(
      request(['ann/a.pdf', 'bob/b.pdf', 'ann/busy.pdf', 'ann/gone.pdf', 'ann/none.pdf']),
      ann,
    );
    expect(ports.embedQuery).toHaveBeenCalledWith('When was the tower built?', expect.any(AbortSignal));
    expect(ports.search).toHaveBeenCalledWith([1, 0], ['shaA'], 5);
    expect(got).toEqual({
      failed: false,
      sources: [{ key: 'ann/a.pdf', name: 'shaA.pdf', text: 'passage of shaA', score: 0.9, chunkIndex: 0 }],
    });
  });

  it('given only files of other users, when retrieving, then nothing is embedded nor searched', async () => {
    const ports = portsOver({ 'bob/b.pdf': file(bob, 'shaB') });
    const got = await retrieverFor(ports, () => undefined)(request(['bob/b.pdf']), ann);
    expect(got).toEqual({ sources: [], failed: false });
    expect(ports.embedQuery).not.toHaveBeenCalled();
    expect(ports.search).not.toHaveBeenCalled();
  });

  it('given two files with the same content, when searching, then the digest is searched once', async () => {
    const ports = portsOver({ 'ann/1.pdf': file(ann, 'same'), 'ann/2.pdf': file(ann, 'same') });
    const got = await retrieverFor(ports, () => undefined)(request(['ann/1.pdf', 'ann/2.pdf']), ann);
    expect(ports.search).toHaveBeenCalledWith([1, 0], ['same'], 5);
    expect(got.sources.map((s) => s.key)).toEqual(['ann/1.pdf']);
  });

  it('given an embeddings call that fails, when retrieving, then it answers failed without sources and reports the error', async () => {
    const ports = portsOver({ 'ann/a.pdf': file(ann, 'shaA') });
    ports.embedQuery.mockRejectedValueOnce(new Error('no embeddings model'));
    const errors: unknown[] = [];
    const got = await retrieverFor(ports, (e) => errors.push(e))(request(['ann/a.pdf']), ann);
    expect(got).toEqual({ sources: [], failed: true });
    expect(errors).toHaveLength(1);
  });

  it('given a search that never answers, when the time runs out, then it answers failed', async () => {
    const ports = portsOver({ 'ann/a.pdf': file(ann, 'shaA') });
    ports.search.mockReturnValueOnce(new Promise<ChunkHit[]>(() => undefined));
    const got = await retrieverFor(ports, () => undefined, 20)(request(['ann/a.pdf']), ann);
    expect(got).toEqual({ sources: [], failed: true });
  });

  it('cuts a passage to 1,000 characters and keeps its location', async () => {
    const ports = portsOver({ 'ann/a.pdf': file(ann, 'shaA') });
    ports.search.mockResolvedValueOnce([hit('shaA', 3, 'x'.repeat(1500), { page: 2 })]);
    const [source] = (await retrieverFor(ports, () => undefined)(request(['ann/a.pdf']), ann)).sources;
    expect(source?.text).toHaveLength(1000);
    expect(source).toMatchObject({ chunkIndex: 3, location: { page: 2 } });
  });
});

const source = (name: string, text: string, location?: ChatSource['location']): ChatSource => ({
  key: `ann/${name}`,
  name,
  text,
  score: 0.5,
  chunkIndex: 0,
  ...(location ? { location } : {}),
});

const asked: GenerationRequest = {
  kind: 'openai',
  modelId: 'm',
  system: 'Be terse.',
  messages: [{ role: 'user', content: 'When?' }],
  temperature: 1,
  maxOutputTokens: 100,
  providerOptions: undefined,
};

describe('the prompt with the passages', () => {
  it('numbers the passages with their documents’ names and where they are', () => {
    const prompt = passagesPrompt([
      source('tower.pdf', 'Built in 1889.', { page: 3 }),
      source('b.txt', 'Other.'),
    ]);
    expect(prompt).toContain('[1] tower.pdf (page 3):\nBuilt in 1889.');
    expect(prompt).toContain('[2] b.txt:\nOther.');
    expect(prompt.indexOf('[1]')).toBeLessThan(prompt.indexOf('[2]'));
  });

  it('says where a passage is in words, never in the chunker’s field names', () => {
    const prompt = passagesPrompt([source('notes.docx', 'Hello.', { item: 0, lastItem: 0, paragraph: 1 })]);
    expect(prompt).toContain('[1] notes.docx (paragraph 1):\nHello.');
    expect(prompt).not.toContain('lastItem');
  });

  it("puts them after the request's system prompt, and is the system prompt when there is none", () => {
    const sources = [source('tower.pdf', 'Built in 1889.')];
    const withSystem = withRetrieved(asked, { sources, failed: false }).system ?? '';
    expect(withSystem.startsWith('Be terse.\n\n')).toBe(true);
    expect(withSystem).toContain('Built in 1889.');
    expect(withRetrieved({ ...asked, system: undefined }, { sources, failed: false }).system).toBe(
      passagesPrompt(sources),
    );
  });

  it('leaves the request as it is without sources', () => {
    expect(withRetrieved(asked, { sources: [], failed: true })).toBe(asked);
  });
});

const recordingSse = () => {
  const chunks: ChatChunk[] = [];
  const sse: ChatSse = { send: (c) => chunks.push(c), end: () => Promise.resolve() };
  return { sse, chunks };
};

describe('what the client is told of the retrieval', () => {
  it('sends the sources as {s:"meta", d:{sources}}', () => {
    const { sse, chunks } = recordingSse();
    const sources = [source('tower.pdf', 'Built in 1889.')];
    sendRetrieval(sse, { sources, failed: false });
    expect(chunks).toEqual([{ s: 'meta', d: { sources } }]);
  });

  it('sends a status line when it failed, and no sources', () => {
    const { sse, chunks } = recordingSse();
    sendRetrieval(sse, { sources: [], failed: true });
    expect(chunks).toEqual([
      {
        s: 'meta',
        st: {
          id: 'sources',
          summary: chatRetrievalMessages.summary,
          message: chatRetrievalMessages.failed,
          type: 'sources',
          inProgress: false,
        },
      },
    ]);
  });

  it('sends nothing when there was nothing to retrieve', () => {
    const { sse, chunks } = recordingSse();
    sendRetrieval(sse, { sources: [], failed: false });
    expect(chunks).toEqual([]);
  });
});

const bound = { inputTokens: 5, outputTokens: 2 };
const fakeGeneration = () => {
  const g = {
    outcome: Promise.resolve({ kind: 'completed' as const, answer: 'ok', reported: undefined, bound }),
    attach: vi.fn(),
    cancel: vi.fn(),
  } satisfies EarlyGeneration;
  return g;
};

describe('a generation that waits for the passages', () => {
  it('starts once the retrieval settled, with it, and hands the sink on', async () => {
    const g = fakeGeneration();
    const start = vi.fn(() => g);
    const later = generationAfter(Promise.resolve({ sources: [], failed: false }), start);
    const sink = { onDelta: vi.fn(), onFailover: vi.fn(), onFailure: vi.fn() };
    later.attach(sink);
    expect(await later.outcome).toEqual({ kind: 'completed', answer: 'ok', reported: undefined, bound });
    expect(start).toHaveBeenCalledWith({ sources: [], failed: false });
    expect(g.attach).toHaveBeenCalledWith(sink);
  });

  it('cancelled before the retrieval settled, never starts and ends as an empty stop', async () => {
    const start = vi.fn(fakeGeneration);
    const later = generationAfter(Promise.resolve({ sources: [], failed: false }), start);
    later.cancel();
    expect(await later.outcome).toEqual({
      kind: 'stopped',
      answer: '',
      reason: 'user',
      bound: { inputTokens: 0, outputTokens: 0 },
    });
    expect(start).not.toHaveBeenCalled();
  });
});
