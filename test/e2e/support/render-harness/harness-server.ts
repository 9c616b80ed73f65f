import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { UserModel, type AvailableModelsResponse } from '@app/contracts';
import { installSecurityHeaders } from '../../../../services/platform/src/http/security-headers';

export interface HarnessServer {
  url: string;
  /** Requests for anything but the page's own files and the two fake routes: none may happen. */
  strayRequests: string[];
  /** The bodies POSTed to /api/chat. */
  chatBodies: unknown[];
  /** The answer /api/chat streams next, in these chunks. */
  answerWith: (chunks: string[]) => void;
  close: () => Promise<void>;
}

export const repairModelId = 'cheap-model';

export interface HarnessServerOptions {
  /**
   * The platform's own security headers (default). Without them (false) nothing but our code stands
   * between a model's text and the page: a script it managed to insert would run, an image load.
   */
  csp?: boolean;
}

/**
 * Serves the harness page, with the platform's own security headers (its CSP: scripts from itself
 * only, no eval; fetches to itself only) unless told not to. An address on this server is one the
 * page could reach, and only our code keeps it from doing so: it counts every request it was not
 * built for. It also fakes GET /available_models and the streamed answer of POST /api/chat.
 */
export async function startHarnessServer(
  dist: string,
  options: HarnessServerOptions = {},
): Promise<HarnessServer> {
  const app = Fastify({ logger: false });
  const strayRequests: string[] = [];
  const chatBodies: unknown[] = [];
  let answer: string[] = [];
  if (options.csp !== false) await installSecurityHeaders(app, { https: false });
  await app.register(fastifyStatic, { root: dist, wildcard: false });

  const models: AvailableModelsResponse = {
    success: true,
    data: {
      models: [UserModel.parse({ id: repairModelId, name: 'Cheap' })],
      default: null,
      advanced: null,
      cheapest: UserModel.parse({ id: repairModelId, name: 'Cheap' }),
    },
  };
  app.get('/available_models', async () => models);
  app.post('/api/chat', async (request, reply) => {
    chatBodies.push(request.body);
    const events = answer.map((d, i) => `id: ${i + 1}\ndata: ${JSON.stringify({ s: 'answer', d })}\n\n`);
    return reply
      .type('text/event-stream')
      .send(`: keep-alive\n\n${events.join('')}data: ${JSON.stringify({ s: 'result', type: 'end' })}\n\n`);
  });
  app.setNotFoundHandler(async (request, reply) => {
    strayRequests.push(`${request.method} ${request.url}`);
    return reply.code(404).send({ error: 'not here' });
  });

  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    strayRequests,
    chatBodies,
    answerWith: (chunks) => {
      answer = chunks;
    },
    close: () => app.close(),
  };
}
