import type { IncomingMessage } from 'node:http';

/**
 * The test model server's reading of a request and the bodies it answers, in OpenAI's chat
 * completions shapes (one JSON answer, or server-sent chunks).
 */

export const readBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString() || '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** The content of the request's last message when it is a tool result (undefined otherwise). */
export const toolResultOf = (body: Record<string, unknown>): string | undefined => {
  const messages = Array.isArray(body['messages']) ? (body['messages'] as unknown[]) : [];
  const last = messages.at(-1);
  if (!isRecord(last) || last['role'] !== 'tool') return undefined;
  return typeof last['content'] === 'string' ? last['content'] : JSON.stringify(last['content']);
};

export const offersTools = (body: Record<string, unknown>): boolean =>
  Array.isArray(body['tools']) && body['tools'].length > 0;

/** Whether a streamed answer ends with a usage chunk (`stream_options.include_usage`). */
export const includesUsage = (body: Record<string, unknown>): boolean => {
  const options = body['stream_options'];
  return isRecord(options) && Boolean(options['include_usage']);
};

const created = () => Math.floor(Date.now() / 1000);

export const chunkOf = (
  id: string,
  model: string,
  delta: Record<string, unknown>,
  finish: string | null,
) => ({
  id,
  object: 'chat.completion.chunk',
  created: created(),
  model,
  choices: [{ index: 0, delta, finish_reason: finish }],
});

/** The last chunk of a streamed answer: no choice, the usage. */
export const usageChunkOf = (id: string, model: string, usage: unknown) => ({
  id,
  object: 'chat.completion.chunk',
  created: created(),
  model,
  choices: [],
  usage,
});

/** A whole (not streamed) answer: one message. */
export const completionOf = (
  id: string,
  model: string,
  message: Record<string, unknown>,
  finish: string,
  usage: unknown,
) => ({
  id,
  object: 'chat.completion',
  created: created(),
  model,
  choices: [{ index: 0, message, finish_reason: finish }],
  usage,
});
