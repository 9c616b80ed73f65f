import { isUserReadModel, type ReadModelName } from '@app/contracts';
import type { LiveClient } from './hub';

/**
 * What a subscribe may add: every user read model; the admin read models only for an admin. Who is
 * an admin is read afresh when a client not known as one asks for an admin read model (a user made
 * an admin since the socket opened), and noted on the client.
 */
export const subscriptionOf = async (
  wanted: readonly ReadModelName[],
  client: Pick<LiveClient, 'email' | 'admin'>,
  isAdmin: (email: string) => Promise<boolean>,
): Promise<{ granted: ReadModelName[]; refused: ReadModelName[] }> => {
  const unique = [...new Set(wanted)];
  const adminModels = unique.filter((rm) => !isUserReadModel(rm));
  if (adminModels.length > 0 && client.admin !== true) client.admin = await isAdmin(client.email);
  return client.admin === true
    ? { granted: unique, refused: [] }
    : { granted: unique.filter(isUserReadModel), refused: adminModels };
};
