import { useEffect, useState } from 'react';
import { checkAssistantPathOnServer } from '../../api/assistants';
import { answeredSignedOut } from '../../api/http';
import {
  checkFailedState,
  localPathState,
  PathVerdictCache,
  verdictState,
  type PathCheckState,
} from './path-check';

/** How long typing must pause before the server is asked. */
export const pathCheckDebounceMs = 400;

/** One cache for the page: a path checked once is not asked again. */
export const pathVerdicts = new PathVerdictCache();

/**
 * The path check as the user types: what the rules tell at once, else 'checking' and, once typing
 * pauses, the server's verdict (cached per path). A later keystroke cancels an earlier call.
 */
export function usePathCheck(path: string, assistantId: string, currentPath: string | null): PathCheckState {
  const local = localPathState(path, currentPath);
  const cached = local === null ? pathVerdicts.get(path) : undefined;
  const [answered, setAnswered] = useState<PathCheckState | null>(null);
  const askServer = local === null && cached === undefined;

  useEffect(() => {
    if (!askServer) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkAssistantPathOnServer({ astPath: path, assistantId }, controller.signal).then(
        (verdict) => {
          pathVerdicts.set(path, verdict);
          if (!controller.signal.aborted) setAnswered(verdictState(path, verdict));
        },
        (e: unknown) => {
          if (!controller.signal.aborted && !answeredSignedOut(e)) setAnswered(checkFailedState(path));
        },
      );
    }, pathCheckDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [path, assistantId, askServer]);

  if (local !== null) return local;
  if (cached !== undefined) return verdictState(path, cached);
  if (answered !== null && answered.kind !== 'empty' && answered.path === path) return answered;
  return { kind: 'checking', path };
}
