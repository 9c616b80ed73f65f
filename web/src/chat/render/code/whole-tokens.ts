/**
 * Shiki stops tokenizing a line after its time limit and leaves the rest of the line in the colour of
 * the last token it reached. A grammar compiles its patterns the first time a line needs them, and on
 * a busy machine that alone can pass the limit: the code would stay half coloured. Tokenizing it
 * again is quick, the patterns compiled; so a run slower than the limit (which may have stopped early
 * on a line) is made again, a few times at most, so a runaway grammar still cannot hold the page.
 */
export const wholeTokens = <T>(
  tokenize: () => T,
  timeLimitMs: number,
  tries = 3,
  now: () => number = () => performance.now(),
): T => {
  let result: T;
  let left = tries;
  do {
    const started = now();
    result = tokenize();
    left -= 1;
    if (now() - started <= timeLimitMs) return result;
  } while (left > 0);
  return result;
};
