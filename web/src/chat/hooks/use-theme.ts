import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import type { ShownTheme } from '@app/contracts';
import { themeAtom, userSettingsAtom } from '../../state/user-settings';
import { useDeviceTheme } from './use-device-theme';

/** The theme shown: the user's choice, or the device's while they keep `system` (the default). */
export function useShownTheme(): ShownTheme {
  const choice = useAtomValue(themeAtom);
  const device = useDeviceTheme();
  return choice === 'system' ? device : choice;
}

/**
 * The theme shown (`useShownTheme`) on the whole page, as `<html data-theme>`. The attribute is set
 * once the settings are read, so it also says the theme shown is the user's own (light until then).
 */
export function useTheme(): void {
  const loaded = useAtomValue(userSettingsAtom) !== null;
  const shown = useShownTheme();
  useEffect(() => {
    if (!loaded) return;
    document.documentElement.dataset['theme'] = shown;
    return () => {
      delete document.documentElement.dataset['theme'];
    };
  }, [loaded, shown]);
}
