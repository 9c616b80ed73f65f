/**
 * The relays measured beside ours, each in a process of its own as the platform is:
 * - `pipe`, the floor: every request forwarded to the model server with undici and its answer's
 *   bytes written back as they come (what any relay costs at least: one more hop);
 * - `ai-sdk`, the peer: the model's answer through the AI SDK's OpenAI-compatible provider (`doStream`,
 *   as ours calls it), each text delta written as our `{s:"answer"}` chunk; no sign-in, log, spend or
 *   stream kept for a reload.
 * Prints `URL <url>`; answers `idle` at once.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { Agent, request } from 'undici';

const [mode, chatUrl] = process.argv.slice(2);
if ((mode !== 'pipe' && mode !== 'ai-sdk') || !chatUrl) throw new Error('usage: pipe|ai-sdk <chatUrl>');

const agent = new Agent({ connections: 1000 });
const provider = createOpenAICompatible({
  name: 'peer',
  baseURL: chatUrl.replace(/\/chat\/completions$/, ''),
  apiKey: 'bench-key',
  includeUsage: true,
});

const readBody = async (req: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

const pipe = async (body: Buffer, res: ServerResponse) => {
  const up = await request(chatUrl, {
    method: 'POST',
    dispatcher: agent,
    headers: { 'content-type': 'application/json', authorization: 'Bearer bench-key' },
    body,
  });
  res.writeHead(up.statusCode, { 'content-type': 'text/event-stream' });
  for await (const chunk of up.body) res.write(chunk as Buffer);
  res.end();
};

const aiSdk = async (body: Buffer, res: ServerResponse) => {
  const asked = JSON.parse(body.toString()) as { model: string; messages: { content: string }[] };
  const { stream } = await provider.chatModel(asked.model).doStream({
    prompt: asked.messages.map((m) => ({ role: 'user', content: [{ type: 'text', text: m.content }] })),
    maxOutputTokens: 1000,
  });
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value.type === 'text-delta')
      res.write(`data: ${JSON.stringify({ s: 'answer', d: value.delta })}\n\n`);
  }
  res.end(`data: ${JSON.stringify({ s: 'result', type: 'end' })}\n\n`);
};

const server = createServer((req, res) => {
  readBody(req)
    .then((body) => (mode === 'pipe' ? pipe(body, res) : aiSdk(body, res)))
    .catch((e: unknown) => {
      process.stderr.write(`${mode} relay: ${e instanceof Error ? e.message : String(e)}\n`);
      res.destroy();
    });
});
// Idle connections kept as long as the platform keeps them (fastify's default): the bench's clients
// reuse theirs between rounds here as there.
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`URL http://127.0.0.1:${address.port}\n`);
});
process.on('message', () => process.send?.('idle'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
process.once('disconnect', () => process.exit(0));
