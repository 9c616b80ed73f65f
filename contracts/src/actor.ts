import { z } from 'zod';

export const actorKinds = ['user', 'admin', 'apiKey', 'system'] as const;
export const Actor = z.object({ email: z.string(), kind: z.enum(actorKinds) });
export type Actor = z.infer<typeof Actor>;

export const systemActor: Actor = { email: 'system', kind: 'system' };
