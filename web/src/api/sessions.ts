import { routes, type EndUserSessionsRequest } from '@app/contracts';
import { z } from 'zod';
import { postJson } from './http';

/** The answer of POST /api/admin/sessions/end: how many sessions ended, in the server's words. */
const EndUserSessionsAnswer = z.object({ success: z.literal(true), ended: z.number(), message: z.string() });
export type EndUserSessionsAnswer = z.infer<typeof EndUserSessionsAnswer>;

/** An admin ends every session of a user: they are signed out everywhere. */
export async function endUserSessions(email: string): Promise<EndUserSessionsAnswer> {
  const body: EndUserSessionsRequest = { email };
  return postJson('endUserSessions', routes.endUserSessions, EndUserSessionsAnswer, body);
}
