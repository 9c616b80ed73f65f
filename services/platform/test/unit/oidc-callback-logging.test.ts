import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import { pino } from 'pino';
import { routes } from '@app/contracts';
import { loggerOptions } from '../../src/logging/logger';
import { oidcRoutes, type SessionService } from '../../src/index';

const lines: string[] = [];
let app: FastifyInstance;

const sessions: SessionService = {
  signIn: () => Promise.reject(new Error('no sign-in expected')),
  refuse: async () => undefined,
};

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  app = Fastify<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger>({
    loggerInstance: pino(loggerOptions('trace', 'test'), sink),
  });
  await app.register(
    oidcRoutes({
      sessions,
      issuer: 'http://127.0.0.1:9',
      clientId: 'platform',
      clientSecret: 'a-client-secret',
      providerName: 'Test IdP',
      redirectUri: () => `http://127.0.0.1${routes.oidcCallback}`,
      cookieSecret: 'a-cookie-secret-of-at-least-32-characters',
      secureCookies: false,
      configLoader: { get: () => Promise.reject(new Error('no provider in this test')) },
    }),
  );
});

afterAll(async () => {
  await app.close();
});

describe('the OIDC callback in the logs', () => {
  it('is logged by its path only: the authorization code and the state stay out', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${routes.oidcCallback}?code=AUTHORIZATION-CODE-1234&state=STATE-5678&iss=x`,
    });
    expect(res.statusCode).toBe(302);
    const log = lines.join('');
    expect(log).toContain(`"url":"${routes.oidcCallback}"`);
    expect(log).not.toContain('AUTHORIZATION-CODE-1234');
    expect(log).not.toContain('STATE-5678');
  });
});
