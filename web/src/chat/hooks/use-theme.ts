import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { userSettingsAtom } from '../../state/user-settings';

/**
 * The user's theme (light or dark) on the whole page, as `<html data-theme>`. The attribute is set
 * once the settings are read, so it also says the theme shown is the user's own (light until then).
 */
export function useTheme(): void {
  const theme = useAtomValue(userSettingsAtom)?.theme;
  useEffect(() => {
    if (!theme) return;
    document.documentElement.dataset['theme'] = theme;
    return () => {
      delete document.documentElement.dataset['theme'];
    };
  }, [theme]);
}
