import { assertNever, displayUrl, endpointTestEventTypes, type EndpointTestEvent } from '@app/contracts';
import { tableProjection } from './projection';

/** One row per endpoint test: pending until the workers report, then succeeded or failed with the message. */
export const endpointTestsProjection = tableProjection<EndpointTestEvent>(
  'endpointTests',
  ['rm_endpoint_tests'],
  {
    eventTypes: endpointTestEventTypes,
    apply: async (event, recorded, trx) => {
      const { testId } = event.data;
      switch (event.type) {
        case 'EndpointTestRequested':
          await trx
            .insertInto('rm_endpoint_tests')
            .values({
              test_id: testId,
              url: displayUrl(event.data.url),
              model: event.data.model ?? null,
              status: 'pending',
              requested_by: recorded.metadata.actor.email,
              requested_at: new Date(recorded.recordedAt),
            })
            .onConflict((oc) => oc.column('test_id').doNothing())
            .execute();
          return [testId];
        case 'EndpointTestSucceeded':
        case 'EndpointTestFailed':
          await trx
            .updateTable('rm_endpoint_tests')
            .set({
              status: event.type === 'EndpointTestSucceeded' ? 'succeeded' : 'failed',
              message: event.data.message,
              reason: event.type === 'EndpointTestFailed' ? event.data.reason : null,
              finished_at: new Date(recorded.recordedAt),
            })
            .where('test_id', '=', testId)
            .execute();
          return [testId];
        default: {
          return assertNever(event);
        }
      }
    },
  },
);
