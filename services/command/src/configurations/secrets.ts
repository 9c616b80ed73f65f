import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminMessages,
  displayUrl,
  errorResponses,
  platformMessages,
  RevealRequest,
  RevealResponse,
  secretRoutes,
  TestEndpointRequest,
  TestEndpointResponse,
} from '@app/contracts';
import { runHealthCheck, type AllowList, type Db, type HealthCheck, type SecretBox } from '@app/platform';
import { requestEndpointTest, waitForEndpointTestOutcome } from './endpoint-tests';
import { revealSecret } from './reveal-secret';
import { runCommandAs } from '../shared/command-route';

export const defaultEndpointTestWaitMs = 20_000;

/** How long the job queue's health check may take before the queue counts as down. */
const queueCheckTimeoutMs = 1500;

/**
 * POST /api/admin/reveal: one secret value in clear, recorded as SecretRevealed (the one answer that
 * holds a value; Fastify logs no bodies). POST /api/admin/testEndpoint: records the request, lets the
 * workers run the test and answers their outcome, or a failure once the wait runs out. While the
 * job queue is down it answers at once that the queue (not the endpoint) is unavailable; the
 * request stays in the log and the test runs once the queue is back.
 */
export const secretRoutesPlugin =
  (opts: {
    db: Db;
    secrets: SecretBox;
    endpointTestWaitMs: number;
    jobQueue?: HealthCheck;
    /** OUTBOUND_ALLOW: where an endpoint may be tested (and saved) without a key. */
    outboundAllow?: AllowList;
  }): FastifyPluginAsync =>
  async (app) => {
    const jobQueue = opts.jobQueue;
    const queueDown = jobQueue
      ? async () => (await runHealthCheck(jobQueue, queueCheckTimeoutMs)).status === 'down'
      : undefined;
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const revealSchema = {
      description: 'One secret value in clear, recorded as SecretRevealed.',
      body: RevealRequest,
      response: { ...errorResponses, 200: RevealResponse },
    };
    routes.post(
      secretRoutes.reveal,
      { preValidation: app.requireAdmin, schema: revealSchema },
      async (request, reply) => {
        const body = request.body;
        const value = await runCommandAs(request, opts, 'revealSecret', ({ metadata, key }) =>
          revealSecret(opts.db, opts.secrets, body, metadata, key.requestHash),
        );
        const answer: RevealResponse = { success: true, value };
        return reply.header('cache-control', 'no-store').send(answer);
      },
    );

    const testSchema = {
      description:
        'Tests an endpoint (the workers run it) and answers the outcome, or a failure once the wait runs out.',
      body: TestEndpointRequest,
      response: { ...errorResponses, 200: TestEndpointResponse },
    };
    routes.post(
      secretRoutes.testEndpoint,
      { preValidation: app.requireAdmin, schema: testSchema },
      async (request) => {
        const body = request.body;
        const { testId } = await runCommandAs(request, opts, 'requestEndpointTest', ({ metadata, key }) =>
          requestEndpointTest(opts.db, opts.secrets, body, metadata, {
            requestHash: key.requestHash,
            ...(opts.outboundAllow ? { outboundAllow: opts.outboundAllow } : {}),
          }),
        );
        const outcome = await waitForEndpointTestOutcome(opts.db, testId, {
          timeoutMs: opts.endpointTestWaitMs,
          ...(queueDown ? { queueDown } : {}),
        });
        const answer: TestEndpointResponse =
          outcome === 'queue-unavailable'
            ? {
                testId,
                success: false,
                message: platformMessages.endpointTestQueueUnavailable(displayUrl(body.url)),
                reason: platformMessages.jobQueueUnavailable,
              }
            : outcome === 'timed-out'
              ? {
                  testId,
                  success: false,
                  message: adminMessages.endpointTestFailed(displayUrl(body.url)),
                  reason: platformMessages.endpointTestTimedOut,
                }
              : { testId, ...outcome };
        return answer;
      },
    );
  };
