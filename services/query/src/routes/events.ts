import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { errorResponses, EventsQuery, EventsResponse, routes } from '@app/contracts';
import { eventColumns, toRecordedEvent, type Db } from '@app/platform';

/** GET /api/events: the log for operators, filtered by stream, type, actor, time and position. */
export const eventsRoute =
  (db: Db): FastifyPluginAsync =>
  async (app) => {
    const schema = {
      description: 'The event log for operators, filtered by stream, type, actor, time and position.',
      querystring: EventsQuery,
      response: { ...errorResponses, 200: EventsResponse },
    };
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(routes.events, { preValidation: app.requireAdmin, schema }, async (request) => {
        const q = request.query;
        let query = db.selectFrom('events').select(eventColumns).orderBy('global_position').limit(q.limit);
        if (q.stream) query = query.where('stream_id', '=', q.stream);
        if (q.type) query = query.where('event_type', '=', q.type);
        if (q.actor)
          query = query.where(sql<string>`metadata -> 'actor' ->> 'email'`, '=', q.actor.toLowerCase());
        if (q.after) query = query.where('global_position', '>', q.after);
        if (q.since) query = query.where('recorded_at', '>=', new Date(q.since));
        if (q.until) query = query.where('recorded_at', '<', new Date(q.until));
        const rows = await query.execute();
        const answer: EventsResponse = { success: true, data: rows.map(toRecordedEvent) };
        return answer;
      });
  };
