import { z } from 'zod';
import { boundedString } from './bounded';
import { limits } from './limits';

/** 'configFile': a configuration file imported by the CLI (docs/configuration-as-code.md). */
export const actorKinds = ['user', 'admin', 'apiKey', 'system', 'configFile'] as const;
export const Actor = z.object({
  email: boundedString('The actor', limits.emailLength),
  kind: z.enum(actorKinds),
  /** The API key a request was made with (kind 'apiKey'): its id, never its secret. */
  apiKeyId: z.uuid().optional(),
});
export type Actor = z.infer<typeof Actor>;

export const systemActor: Actor = { email: 'system', kind: 'system' };

/**
 * The actor of a configuration file imported by the CLI (`npm run config -- import <file>`): the
 * events it appends name the file, e.g. `config:platform.yaml`.
 */
export const configFileActor = (file: string): Actor => {
  const name = file.split(/[\\/]/).pop() ?? file;
  return { email: `config:${name}`.slice(0, limits.emailLength), kind: 'configFile' };
};
