import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { EventsQuery, routes } from '@app/contracts';
import { eventColumns, toRecordedEvent, type Db } from '@app/platform';

/** GET /api/events: the log for operators, filtered by stream, type, actor, time and position. */
export const eventsRoute =
  (db: Db): FastifyPluginAsync =>
  async (app) => {
    app.get(routes.events, { preHandler: app.requireAdmin }, async (request) => {
      const q = EventsQuery.parse(request.query);
      let query = db.selectFrom('events').select(eventColumns).orderBy('global_position').limit(q.limit);
      if (q.stream) query = query.where('stream_id', '=', q.stream);
      if (q.type) query = query.where('event_type', '=', q.type);
      if (q.actor)
        query = query.where(sql<string>`metadata -> 'actor' ->> 'email'`, '=', q.actor.toLowerCase());
      if (q.after) query = query.where('global_position', '>', q.after);
      if (q.since) query = query.where('recorded_at', '>=', new Date(q.since));
      if (q.until) query = query.where('recorded_at', '<', new Date(q.until));
      const rows = await query.execute();
      return { success: true, data: rows.map(toRecordedEvent) };
    });
  };
