import { z } from 'zod';
import { Email } from '../email';

export const DevLoginRequest = z.object({ email: Email });
export const MeResponse = z.object({ email: z.string(), isAdmin: z.boolean() });
export type MeResponse = z.infer<typeof MeResponse>;
export const sessionCookieName = 'session';
