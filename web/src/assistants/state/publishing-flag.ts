import { useEffect, useState } from 'react';
import { assistantPathPublishingFlag } from '@app/contracts';
import { fetchUserFeatureFlags } from '../../api/user-config';

/**
 * Whether the feature flag that turns publishing at `/assistants/{path}` on (`assistantPathPublishing`:
 * publishing only when the flag is on) is on for the user: absent or unread, off
 * (the server decides the same way).
 */
export const publishingOn = (flags: Readonly<Record<string, boolean>> | null): boolean =>
  flags?.[assistantPathPublishingFlag] === true;

/** Reads the user's flags when the component shows. */
export function usePublishingFlag(): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    let gone = false;
    fetchUserFeatureFlags().then(
      (flags) => {
        if (!gone) setOn(publishingOn(flags));
      },
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, []);
  return on;
}
