import type { BlobHead, BlobStore, OutboundClient, OutboundResponse } from '@app/platform';

/** What a fake site answers for one address: a page, or an error the guarded client would throw. */
export type FakeAnswer = { status?: number; type: string; body: string } | Error;

/** The guarded client's stand-in: answers from a table (changed by the test), never the network. */
export const fakeOutbound = (answers: Map<string, FakeAnswer>, asked: string[] = []): OutboundClient => ({
  request: (url) => {
    const href = String(url);
    asked.push(href);
    const a = answers.get(href);
    if (a instanceof Error) return Promise.reject(a);
    const answer: OutboundResponse = a
      ? { status: a.status ?? 200, headers: { 'content-type': a.type }, body: Buffer.from(a.body), url: href }
      : { status: 404, headers: { 'content-type': 'text/plain' }, body: Buffer.from('not found'), url: href };
    return Promise.resolve(answer);
  },
  fetch: () => Promise.reject(new Error('not used')),
  close: () => Promise.resolve(),
});

/** An in-memory blob store: what was put, under which key and type. */
export const memoryBlobs = (): BlobStore & {
  objects: Map<string, { body: Buffer; contentType: string }>;
} => {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const head = (key: string): BlobHead | null => {
    const o = objects.get(key);
    return o ? { size: o.body.length, contentType: o.contentType } : null;
  };
  return {
    objects,
    signUpload: (key) => Promise.resolve(`memory://upload/${key}`),
    signDownload: (key) => Promise.resolve(`memory://download/${key}`),
    head: (key) => Promise.resolve(head(key)),
    get: (key) => Promise.resolve(objects.get(key)?.body ?? null),
    put: (key, body, contentType) => {
      objects.set(key, { body, contentType });
      return Promise.resolve();
    },
    delete: (key) => {
      objects.delete(key);
      return Promise.resolve();
    },
  };
};
