import { dataSourceKey, type ChatRequest, type ChatSource, type FileStatus } from '@app/contracts';
import type { ChunkHit } from '@app/platform';
import type { AssistantDocuments } from './assistant-chat';

/** How many passages a request gets at most. */
export const retrievalTopK = 5;
/** A passage's text is cut to this many characters (in the prompt and in the sources sent). */
export const passageChars = 1_000;
/** Retrieval that takes longer is given up: the answer goes on without sources. */
export const retrievalTimeoutMs = 15_000;
/**
 * The input tokens reserved for the passages a request with documents may get, as bounded
 * (token-bound.ts): each passage's text at three UTF-8 bytes a UTF-16 unit at most, its file's name
 * (255 characters) and place, and the lines around them.
 */
export const retrievalTokenAllowance = 200 + retrievalTopK * (3 * passageChars + 1_100);

/** What retrieval needs of a file. */
export interface RetrievableFile {
  owner: string | null;
  name: string;
  status: FileStatus;
  sha256: string | null;
  deleted: boolean;
}

/** The ports retrieval runs on: the files' states, the question's embedding, the vector search. */
export interface RetrievalPorts {
  fileStateOf(key: string): Promise<RetrievableFile | null>;
  embedQuery(text: string, signal?: AbortSignal): Promise<number[]>;
  search(vector: readonly number[], sha256s: readonly string[], limit: number): Promise<ChunkHit[]>;
}

/** The passages found for a request; `failed` when retrieval could not be done (the answer goes on without). */
export interface Retrieval {
  sources: ChatSource[];
  failed: boolean;
}

/**
 * Retrieves a request's passages for its caller; never rejects. With `assistant`, the assistant's
 * documents too: its owner's files among its keys (the caller was allowed to use the assistant).
 */
export type ChatRetriever = (
  request: ChatRequest,
  caller: string,
  assistant?: AssistantDocuments,
) => Promise<Retrieval>;

interface OwnedFile {
  key: string;
  name: string;
  sha256: string;
}

/**
 * The request's documents the caller may retrieve from: their own files, not deleted, embedded
 * (completed) — another user's key, an unknown one, or one still processing is left out. With an
 * assistant, its documents too: only its owner's files among the assistant's own keys (a key the
 * request names is never read as the owner's: the caller does not own it).
 */
export const retrievableFiles = async (
  request: ChatRequest,
  caller: string,
  fileStateOf: RetrievalPorts['fileStateOf'],
  assistant?: AssistantDocuments,
): Promise<OwnedFile[]> => {
  const assistantKeys = new Set(assistant?.keys ?? []);
  const keys = [...new Set([...request.dataSources.map(dataSourceKey), ...assistantKeys])];
  const states = await Promise.all(keys.map((key) => fileStateOf(key)));
  const readable = (key: string, owner: string | null) =>
    owner === caller || (assistant !== undefined && assistantKeys.has(key) && owner === assistant.owner);
  return keys.flatMap((key, i) => {
    const s = states[i];
    return s && readable(key, s.owner) && !s.deleted && s.status === 'completed' && s.sha256
      ? [{ key, name: s.name, sha256: s.sha256 }]
      : [];
  });
};

/** The question retrieval searches for: the last user message. */
export const questionOf = (request: ChatRequest): string =>
  request.messages.findLast((m) => m.role === 'user')?.content ?? '';

/** The hits as sources, each named after the (first) file of the request with that content. */
export const sourcesOf = (hits: readonly ChunkHit[], files: readonly OwnedFile[]): ChatSource[] => {
  const bySha = new Map<string, OwnedFile>();
  for (const f of files) if (!bySha.has(f.sha256)) bySha.set(f.sha256, f);
  return hits.flatMap((hit) => {
    const file = bySha.get(hit.sha256);
    if (!file) return [];
    const source: ChatSource = {
      key: file.key,
      name: file.name,
      text: hit.text.slice(0, passageChars),
      score: hit.score,
      chunkIndex: hit.index,
      ...(hit.location ? { location: hit.location } : {}),
    };
    return [source];
  });
};

/** Rejects after `ms` unless `signal` is aborted first (then its timer is gone). */
const timeout = (ms: number, signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    const timer = setTimeout(() => reject(new Error(`retrieval took more than ${ms} ms`)), ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

/**
 * The passages of the caller's own embedded documents closest to the last user message: the
 * question embedded, the top `retrievalTopK` chunks among those documents. Nothing retrievable: no
 * sources (not a failure). An error or a timeout: no sources, `failed` (the chat answers without).
 */
export const retrieverFor =
  (ports: RetrievalPorts, onError: (e: unknown) => void, timeoutMs = retrievalTimeoutMs): ChatRetriever =>
  async (request, caller, assistant) => {
    const giveUp = new AbortController();
    const run = async (): Promise<Retrieval> => {
      const files = await retrievableFiles(request, caller, (key) => ports.fileStateOf(key), assistant);
      const question = questionOf(request);
      if (files.length === 0 || question.trim() === '') return { sources: [], failed: false };
      const vector = await ports.embedQuery(question, giveUp.signal);
      const hits = await ports.search(vector, [...new Set(files.map((f) => f.sha256))], retrievalTopK);
      return { sources: sourcesOf(hits, files), failed: false };
    };
    try {
      return await Promise.race([run(), timeout(timeoutMs, giveUp.signal)]);
    } catch (e) {
      onError(e);
      return { sources: [], failed: true };
    } finally {
      // Done either way: the embeddings call (when still going) and the timer are given up.
      giveUp.abort();
    }
  };
