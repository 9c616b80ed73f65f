import { sql } from 'kysely';
import { EventsQuery, EventsResponse, routes } from '@app/contracts';
import { eventColumns, toRecordedEvent } from '@app/platform';
import { readRoute } from './read-route';

/** GET /api/events: the log for operators, filtered by stream, type, actor, time and position. */
export const eventsRoute = readRoute({
  url: routes.events,
  who: 'admin',
  description: 'The event log for operators, filtered by stream, type, actor, time and position.',
  query: EventsQuery,
  answer: EventsResponse,
  handle: async ({ query: q }, { db }) => {
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
  },
});
