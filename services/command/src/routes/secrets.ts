import type { FastifyPluginAsync } from 'fastify';
import {
  adminMessages,
  displayUrl,
  platformMessages,
  RevealRequest,
  secretRoutes,
  TestEndpointRequest,
  type RevealResponse,
  type TestEndpointResponse,
} from '@app/contracts';
import { commandMetadata, requestHashOf, type Db, type SecretBox } from '@app/platform';
import { requestEndpointTest, waitForEndpointTestOutcome } from '../handling/endpoint-tests';
import { revealSecret } from '../handling/reveal-secret';

export const defaultEndpointTestWaitMs = 20_000;

/**
 * POST /api/admin/reveal: one secret value in clear, recorded as SecretRevealed (the one answer that
 * holds a value; Fastify logs no bodies). POST /api/admin/testEndpoint: records the request, lets the
 * workers run the test and answers their outcome, or a failure once the wait runs out.
 */
export const secretRoutesPlugin =
  (opts: { db: Db; secrets: SecretBox; endpointTestWaitMs: number }): FastifyPluginAsync =>
  async (app) => {
    app.post(secretRoutes.reveal, { preHandler: app.requireAdmin }, async (request, reply) => {
      const body = RevealRequest.parse(request.body);
      const metadata = commandMetadata(request, await request.actor());
      const value = await revealSecret(opts.db, opts.secrets, body, metadata, requestHashOf(request));
      const answer: RevealResponse = { success: true, value };
      return reply.header('cache-control', 'no-store').send(answer);
    });

    app.post(secretRoutes.testEndpoint, { preHandler: app.requireAdmin }, async (request) => {
      const body = TestEndpointRequest.parse(request.body);
      const metadata = commandMetadata(request, await request.actor());
      const { testId } = await requestEndpointTest(
        opts.db,
        opts.secrets,
        body,
        metadata,
        requestHashOf(request),
      );
      const outcome = await waitForEndpointTestOutcome(opts.db, testId, opts.endpointTestWaitMs);
      const answer: TestEndpointResponse = outcome
        ? { testId, ...outcome }
        : {
            testId,
            success: false,
            message: adminMessages.endpointTestFailed(displayUrl(body.url)),
            reason: platformMessages.endpointTestTimedOut,
          };
      return answer;
    });
  };
