/**
 * For an effect that loads something: hands `work`'s result to `onDone` (its error to `onFailed`,
 * ignored unless given) only until the returned cleanup runs, so an unmounted component is never
 * set. Return it from the effect: `useEffect(() => whileMounted(fetchX(), setX), [])`.
 */
export const whileMounted = <T>(
  work: Promise<T>,
  onDone: (value: T) => void,
  onFailed: (error: unknown) => void = () => undefined,
): (() => void) => {
  let live = true;
  work.then(
    (value) => {
      if (live) onDone(value);
    },
    (error: unknown) => {
      if (live) onFailed(error);
    },
  );
  return () => {
    live = false;
  };
};
