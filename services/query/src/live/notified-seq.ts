/**
 * Whether a NOTIFY on the changes channel asks the fan-out to read the feed: its payload names the
 * newest change its runner committed ('' when it names none). A change the fan-out pushed already
 * (`last`, this process's runner pushes its own at once) needs no read; anything else does.
 */
export const notifiedChangeIsNew = (payload: string, last: string): boolean =>
  !/^[0-9]{1,19}$/.test(payload) || BigInt(payload) > BigInt(last);
