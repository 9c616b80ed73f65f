import { z } from 'zod';
import { boundedString } from './bounded';
import { limits } from './limits';

export const actorKinds = ['user', 'admin', 'apiKey', 'system'] as const;
export const Actor = z.object({
  email: boundedString('The actor', limits.emailLength),
  kind: z.enum(actorKinds),
  /** The API key a request was made with (kind 'apiKey'): its id, never its secret. */
  apiKeyId: z.uuid().optional(),
});
export type Actor = z.infer<typeof Actor>;

export const systemActor: Actor = { email: 'system', kind: 'system' };
