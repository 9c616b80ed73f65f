import { useAtomValue, useSetAtom } from 'jotai';
import { saveUserSettingsAtom, themeAtom } from '../../state/user-settings';

/** Light or dark, kept in the user's settings: an entry of the account menu, named for what it turns on. */
export function ThemeToggle() {
  const theme = useAtomValue(themeAtom);
  const save = useSetAtom(saveUserSettingsAtom);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      role="menuitem"
      className="menu-item"
      data-keep-open=""
      onClick={() => void save({ theme: next })}
    >
      <span className="menu-item-icon" aria-hidden="true">
        {theme === 'dark' ? '☀' : '☾'}
      </span>
      {next === 'dark' ? 'Dark theme' : 'Light theme'}
    </button>
  );
}
