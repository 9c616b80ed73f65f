import { useEffect, useState } from 'react';
import { fetchUserFeatureFlags } from '../../api/user-config';

/**
 * The feature flag that turns publishing at `/assistants/{path}` on (spec section 5: "only when the
 * publishing flag is on"). Only a flag that is on for the user counts: undefined or failed, off.
 */
export const assistantPublishingFlag = 'assistantPathPublishing';

export const publishingOn = (flags: Readonly<Record<string, boolean>> | null): boolean =>
  flags?.[assistantPublishingFlag] === true;

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
