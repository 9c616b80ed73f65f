import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { onUnauthorized } from '../api/http';
import { sessionEndedAtom } from './session-ended';

/** Any call answering 401 while signed in: the session ended elsewhere, back to the sign-in page. */
export function useSessionEndOnUnauthorized(): void {
  const sessionEnded = useSetAtom(sessionEndedAtom);
  useEffect(() => onUnauthorized(sessionEnded), [sessionEnded]);
}
