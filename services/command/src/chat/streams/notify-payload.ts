/** A NOTIFY payload holds at most 8,000 bytes: past this, the payload is empty (every follower reads). */
export const maxNotifyPayload = 4000;

/** The payload for `ids` (request ids, ChatId: no comma): the ids comma-joined, or '' when too long. */
export const notifyPayload = (ids: Iterable<string>): string => {
  const joined = [...ids].join(',');
  return Buffer.byteLength(joined) <= maxNotifyPayload ? joined : '';
};

/** The request ids a payload names; empty for '' (then every follower reads again). */
export const idsOfPayload = (payload: string): string[] => (payload === '' ? [] : payload.split(','));
