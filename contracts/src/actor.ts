import { z } from 'zod';
import { boundedString } from './bounded';
import { limits } from './limits';

export const actorKinds = ['user', 'admin', 'apiKey', 'system'] as const;
export const Actor = z.object({
  email: boundedString('The actor', limits.emailLength),
  kind: z.enum(actorKinds),
});
export type Actor = z.infer<typeof Actor>;

export const systemActor: Actor = { email: 'system', kind: 'system' };
