import { integrationLimits, SealedSecret } from '@app/contracts';
import { destroyDataKeys, type Db, type SecretBox } from '@app/platform';
import { sql } from 'kysely';
import { stateHash } from './oauth-flow';

/** A started authorization, as the callback takes it back. */
export interface PendingAuthorization {
  userEmail: string;
  integration: string;
  verifier: string;
  redirectUri: string;
}

const sealedOf = (raw: unknown): SealedSecret => SealedSecret.parse(raw);

/** Destroys the data keys of the verifiers of deleted authorizations (they can no longer be opened). */
const destroyVerifiers = async (trx: Db, deleted: readonly { verifier: unknown }[]): Promise<void> => {
  if (deleted.length > 0)
    await destroyDataKeys(
      trx,
      deleted.map((r) => sealedOf(r.verifier)),
    );
};

/** Drops the authorizations that can no longer be completed, and their data keys. */
const dropExpired = async (trx: Db): Promise<void> => {
  const expired = await trx
    .deleteFrom('integration_oauth_states')
    .where('expires_at', '<=', sql<Date>`now()`)
    .returning('verifier')
    .execute();
  await destroyVerifiers(trx, expired);
};

/**
 * Keeps a started authorization: the state's hash (never the state), the verifier sealed, bound to
 * the user, for `integrationLimits.stateSeconds`. A user has at most `pendingPerUser` pending: the
 * oldest go first.
 */
export const keepPendingAuthorization = async (
  trx: Db,
  secrets: SecretBox,
  input: { state: string } & PendingAuthorization,
): Promise<void> => {
  await dropExpired(trx);
  const sealed = await secrets.keyring(trx).seal(input.verifier);
  await trx
    .insertInto('integration_oauth_states')
    .values({
      state_hash: stateHash(input.state),
      user_email: input.userEmail,
      integration: input.integration,
      verifier: JSON.stringify(sealed),
      redirect_uri: input.redirectUri,
      expires_at: sql<Date>`now() + make_interval(secs => ${integrationLimits.stateSeconds})`,
    })
    .execute();
  const surplus = await trx
    .deleteFrom('integration_oauth_states')
    .where('user_email', '=', input.userEmail)
    .where(
      'state_hash',
      'not in',
      trx
        .selectFrom('integration_oauth_states')
        .select('state_hash')
        .where('user_email', '=', input.userEmail)
        .orderBy('created_at', 'desc')
        .orderBy('state_hash')
        .limit(integrationLimits.pendingPerUser),
    )
    .returning('verifier')
    .execute();
  await destroyVerifiers(trx, surplus);
};

/**
 * Takes a started authorization back, once: the row of this state and THIS user, not expired, is
 * deleted as it is read (a second callback with the same state finds nothing; another user's state
 * is not touched), and the verifier's data key destroyed once it is opened.
 */
export const takePendingAuthorization = async (
  trx: Db,
  secrets: SecretBox,
  state: string,
  userEmail: string,
): Promise<PendingAuthorization | null> => {
  const row = await trx
    .deleteFrom('integration_oauth_states')
    .where('state_hash', '=', stateHash(state))
    .where('user_email', '=', userEmail)
    .returning(['user_email', 'integration', 'verifier', 'redirect_uri', 'expires_at'])
    .executeTakeFirst();
  if (!row) return null;
  const sealed = sealedOf(row.verifier);
  const verifier = await secrets.keyring(trx).open(sealed);
  await destroyDataKeys(trx, [sealed]);
  if (row.expires_at.getTime() <= Date.now()) return null;
  return {
    userEmail: row.user_email,
    integration: row.integration,
    verifier,
    redirectUri: row.redirect_uri,
  };
};

/** Stores a connection's tokens sealed (replacing and shredding the ones before), in the caller's transaction. */
export const storeTokens = async (
  trx: Db,
  secrets: SecretBox,
  input: {
    userEmail: string;
    integration: string;
    tokens: string;
    scopes: string[];
    expiresAt: string | null;
  },
): Promise<void> => {
  const keyring = secrets.keyring(trx);
  const sealed = await keyring.seal(input.tokens);
  const before = await dropTokens(trx, input.userEmail, input.integration);
  if (before) await keyring.shred([before], [sealed]);
  await trx
    .insertInto('integration_tokens')
    .values({
      user_email: input.userEmail,
      integration: input.integration,
      tokens: JSON.stringify(sealed),
      scopes: JSON.stringify(input.scopes),
      expires_at: input.expiresAt === null ? null : new Date(input.expiresAt),
      connected_at: new Date(),
    })
    .execute();
};

/** Deletes a connection's tokens; answers their sealed form (for shredding), if there were any. */
const dropTokens = async (trx: Db, userEmail: string, integration: string): Promise<SealedSecret | null> => {
  const row = await trx
    .deleteFrom('integration_tokens')
    .where('user_email', '=', userEmail)
    .where('integration', '=', integration)
    .returning('tokens')
    .executeTakeFirst();
  return row ? sealedOf(row.tokens) : null;
};

/** Deletes a connection's tokens and destroys their data key: what was kept can no longer be read. */
export const shredTokens = async (trx: Db, userEmail: string, integration: string): Promise<void> => {
  const before = await dropTokens(trx, userEmail, integration);
  if (before) await destroyDataKeys(trx, [before]);
};
