import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { themeAtom } from '../../state/user-settings';

/** The user's theme (light or dark) on the whole page. */
export function useTheme(): void {
  const theme = useAtomValue(themeAtom);
  useEffect(() => {
    document.documentElement.dataset['theme'] = theme;
    return () => {
      delete document.documentElement.dataset['theme'];
    };
  }, [theme]);
}
