import { chatRoute, type ChatRequestInput } from '@app/contracts';
import { benchModelId } from './chat-setup';

/** One stream as a client saw it: ms to its first token, and the model server's tokens it received. */
export interface OneStream {
  ttft: number;
  tokens: number;
}

/** Reads an SSE body, calling `onData` with each `data:` payload. Answers when the body ends. */
const readSse = async (res: Response, onData: (data: string) => void): Promise<void> => {
  if (!res.body) return;
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const part of res.body) {
    buffer += decoder.decode(part as Uint8Array, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) !== -1) {
      const event = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      for (const line of event.split('\n')) if (line.startsWith('data: ')) onData(line.slice(6));
    }
  }
};

/** The model server's tokens: ' t0', ' t1'... */
const tokenPattern = / t\d+/g;

const openAiBody = JSON.stringify({
  model: benchModelId,
  stream: true,
  stream_options: { include_usage: true },
  messages: [{ role: 'user', content: 'Count.' }],
});

const timed = async (
  send: () => Promise<Response>,
  tokensOf: (data: string) => number,
): Promise<OneStream> => {
  const sent = performance.now();
  let first = Number.NaN;
  let tokens = 0;
  const res = await send();
  if (res.status !== 200) throw new Error(`answered ${res.status}: ${await res.text()}`);
  await readSse(res, (data) => {
    const n = tokensOf(data);
    if (n === 0) return;
    if (tokens === 0) first = performance.now() - sent;
    tokens += n;
  });
  return { ttft: first, tokens };
};

/** The OpenAI wire: the model server itself, the pipe relay in front of it, or our `/v1/chat/completions` (`key`: an API key's secret). */
export const openAiStream = (url: string, key = 'bench-key'): Promise<OneStream> =>
  timed(
    () =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: openAiBody,
      }),
    (data) => {
      if (data === '[DONE]') return 0;
      const chunk = JSON.parse(data) as { choices?: { delta?: { content?: string } }[] };
      // Our relay may send tokens that came together as one chunk.
      return chunk.choices?.[0]?.delta?.content?.match(tokenPattern)?.length ?? 0;
    },
  );

/** Our chunks (`{s:"answer", d}`): the relay may send tokens that came together as one chunk. */
const answerTokens = (data: string): number => {
  const chunk = JSON.parse(data) as { s?: string; d?: string };
  return chunk.s === 'answer' && chunk.d ? (chunk.d.match(tokenPattern)?.length ?? 0) : 0;
};

/** The AI SDK peer: the OpenAI request in, our chunks out. */
export const peerStream = (url: string): Promise<OneStream> =>
  timed(
    () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: openAiBody }),
    answerTokens,
  );

/** Ours: `POST /api/chat` as the web app sends it, signed in by `cookie`. */
export const platformStream = (url: string, cookie: string, requestId: string): Promise<OneStream> => {
  const body: ChatRequestInput = {
    model: benchModelId,
    messages: [{ role: 'user', content: 'Count.' }],
    // Each user's requests in one conversation of theirs (its text sealed when BENCH_CHAT_STORAGE is cloud).
    options: { requestId, conversationId: 'bench-conversation' },
  };
  return timed(
    () =>
      fetch(`${url}${chatRoute}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: url },
        body: JSON.stringify(body),
      }),
    answerTokens,
  );
};

/** ms to the first token of `n` streams, one at a time, and how many came short. */
export const sequential = async (n: number, one: (i: number) => Promise<OneStream>, tokens: number) => {
  const ttft: number[] = [];
  let short = 0;
  for (let i = 0; i < n; i++) {
    const s = await one(i);
    ttft.push(s.ttft);
    if (s.tokens < tokens) short++;
  }
  return { ttft, short };
};

/** Tokens per second of `n` streams at once (from the first request to the last token), and how many came short. */
export const concurrently = async (n: number, one: (i: number) => Promise<OneStream>, tokens: number) => {
  const started = performance.now();
  const all = await Promise.all(Array.from({ length: n }, (_, i) => one(i)));
  const seconds = (performance.now() - started) / 1000;
  const received = all.reduce((sum, s) => sum + s.tokens, 0);
  return { tokensPerSecond: received / seconds, short: all.filter((s) => s.tokens < tokens).length };
};
