import { assistantPathMessages, checkAssistantPath } from '@app/contracts';

/**
 * The path check's states: empty, checking, valid (green,
 * 'Path available' or 'Current Path') or invalid (red, the rule's message word for word).
 */
export type PathCheckState =
  | { kind: 'empty'; message: string }
  | { kind: 'checking'; path: string }
  | { kind: 'valid'; path: string; message: string }
  | { kind: 'invalid'; path: string; message: string };

/** What the server answered for a path (POST /assistant/check_path). */
export interface PathVerdict {
  valid: boolean;
  message: string;
}

/** Paths are lower-cased as they are typed. */
export const normalisePathInput = (raw: string): string => raw.toLowerCase();

/**
 * What can be said without the server: the empty field, the assistant's own current path, or the
 * first rule the path breaks. Null: only the server can tell (inappropriate terms, taken).
 */
export const localPathState = (path: string, currentPath: string | null): PathCheckState | null => {
  if (path === '') return { kind: 'empty', message: assistantPathMessages.empty };
  if (currentPath !== null && path === currentPath.toLowerCase())
    return { kind: 'valid', path, message: assistantPathMessages.current };
  const checked = checkAssistantPath(path);
  if (!checked.valid) return { kind: 'invalid', path, message: checked.message };
  return null;
};

/** The server's verdict as a state. */
export const verdictState = (path: string, verdict: PathVerdict): PathCheckState =>
  verdict.valid
    ? { kind: 'valid', path, message: verdict.message }
    : { kind: 'invalid', path, message: verdict.message };

/** A call that failed (network, 5xx): the contracts' lookup-failure message; never cached. */
export const checkFailedState = (path: string): PathCheckState => ({
  kind: 'invalid',
  path,
  message: assistantPathMessages.checkFailed,
});

/** Only a valid path may be published. */
export const publishablePath = (state: PathCheckState): string | null =>
  state.kind === 'valid' ? state.path : null;

/**
 * The server's verdicts, cached per path. Bounded: the
 * oldest verdict goes first. A failed call is never kept, so it is asked again.
 */
export class PathVerdictCache {
  readonly #verdicts = new Map<string, PathVerdict>();

  constructor(readonly capacity = 200) {}

  get(path: string): PathVerdict | undefined {
    return this.#verdicts.get(path);
  }

  set(path: string, verdict: PathVerdict): void {
    if (verdict.message === assistantPathMessages.checkFailed) return;
    this.#verdicts.delete(path);
    this.#verdicts.set(path, verdict);
    while (this.#verdicts.size > this.capacity) {
      const oldest = this.#verdicts.keys().next();
      if (oldest.done) break;
      this.#verdicts.delete(oldest.value);
    }
  }

  /** A path just published is taken from now on, except by the assistant that holds it. */
  forget(path: string): void {
    this.#verdicts.delete(path);
  }
}
