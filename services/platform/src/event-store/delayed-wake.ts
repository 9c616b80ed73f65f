/**
 * `wake` called `delayMs` after the first call of a moment, once for every call made meanwhile (0:
 * at once, each time). `cancel` drops a wake that has not come yet.
 */
export const delayedWake = (wake: () => void, delayMs: number): { wake: () => void; cancel: () => void } => {
  let waking: NodeJS.Timeout | undefined;
  return {
    wake: () => {
      if (delayMs <= 0) return wake();
      waking ??= setTimeout(() => {
        waking = undefined;
        wake();
      }, delayMs);
    },
    cancel: () => {
      clearTimeout(waking);
      waking = undefined;
    },
  };
};
