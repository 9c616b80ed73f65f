import { createHash } from 'node:crypto';
import type { Keyring } from '@app/platform';
import type { SavedEndpoint } from '../configurations/index';
import { openSavedEndpoint, type OpenedEndpoint } from './endpoint';

/**
 * Endpoints opened lately, so a model's requests do not read and unwrap its key's data key at each
 * request. An entry is found only under the sealed values it was opened from (a saved endpoint's key
 * and credential url, as the configuration holds them now): a key replaced or an endpoint removed
 * is a new sealed value or none, never a hit. Kept `ttlMs` at most, `max` at most (oldest out). A
 * failed opening is not kept.
 */
export interface OpenedEndpoints {
  open(keyring: () => Keyring, endpoint: SavedEndpoint): Promise<OpenedEndpoint>;
}

/** The sealed values an opening depends on, as one name (their ciphertexts are unique per sealing). */
const slotOf = (e: SavedEndpoint): string =>
  createHash('sha256')
    .update(JSON.stringify([e.url, e.key ?? null, e.urlSecret ?? null]))
    .digest('base64url');

export const createOpenedEndpoints = (opts: {
  max: number;
  ttlMs: number;
  now?: () => number;
}): OpenedEndpoints => {
  const now = opts.now ?? (() => performance.now());
  const entries = new Map<string, { opened: Promise<OpenedEndpoint>; until: number }>();
  return {
    open: (keyring, endpoint) => {
      const slot = slotOf(endpoint);
      const kept = entries.get(slot);
      if (kept && kept.until > now()) return kept.opened;
      entries.delete(slot);
      const opened = openSavedEndpoint(keyring(), endpoint);
      entries.set(slot, { opened, until: now() + opts.ttlMs });
      while (entries.size > opts.max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      // A key that cannot be opened now (its data key destroyed, the store down) is asked again next time.
      opened.catch(() => {
        if (entries.get(slot)?.opened === opened) entries.delete(slot);
      });
      return opened;
    },
  };
};
