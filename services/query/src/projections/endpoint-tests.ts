import { displayUrl, endpointTestEventTypes, type EndpointTestEvent } from '@app/contracts';
import type { Projection } from './projection';

/** One row per endpoint test: pending until the workers report, then succeeded or failed with the message. */
export const endpointTestsProjection: Projection = {
  name: 'endpointTests',
  readModel: 'endpointTests',
  handles: endpointTestEventTypes,
  apply: async (recorded, trx) => {
    const event = { type: recorded.type, data: recorded.data } as EndpointTestEvent;
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
        const never: never = event;
        return never;
      }
    }
  },
  reset: async (trx) => {
    await trx.deleteFrom('rm_endpoint_tests').execute();
  },
};
