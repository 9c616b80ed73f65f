import { useAtomValue, useSetAtom } from 'jotai';
import { saveUserSettingsAtom, themeAtom } from '../../state/user-settings';
import { useShownTheme } from '../hooks/use-theme';

/**
 * Light or dark, kept in the user's settings: an entry of the account menu, named for what it turns
 * on; and `System theme`, checked while the theme follows the device's (the default). Unchecking it
 * keeps the theme shown as the user's own.
 */
export function ThemeToggle() {
  const choice = useAtomValue(themeAtom);
  const shown = useShownTheme();
  const save = useSetAtom(saveUserSettingsAtom);
  const next = shown === 'dark' ? 'light' : 'dark';
  return (
    <>
      <button
        type="button"
        role="menuitem"
        className="menu-item"
        data-keep-open=""
        onClick={() => void save({ theme: next })}
      >
        <span className="menu-item-icon" aria-hidden="true">
          {shown === 'dark' ? '☀' : '☾'}
        </span>
        {next === 'dark' ? 'Dark theme' : 'Light theme'}
      </button>
      <button
        type="button"
        role="menuitemcheckbox"
        aria-checked={choice === 'system'}
        className="menu-item"
        data-keep-open=""
        onClick={() => void save({ theme: choice === 'system' ? shown : 'system' })}
      >
        <span className="menu-item-icon" aria-hidden="true">
          ◐
        </span>
        System theme
      </button>
    </>
  );
}
