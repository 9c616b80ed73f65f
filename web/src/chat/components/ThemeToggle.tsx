import { useAtomValue, useSetAtom } from 'jotai';
import { saveUserSettingsAtom, themeAtom } from '../../state/user-settings';

/** Light or dark, kept in the user's settings. */
export function ThemeToggle() {
  const theme = useAtomValue(themeAtom);
  const save = useSetAtom(saveUserSettingsAtom);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="btn btn-ghost btn-icon btn-small"
      aria-label={next === 'dark' ? 'Dark theme' : 'Light theme'}
      aria-pressed={theme === 'dark'}
      title={next === 'dark' ? 'Dark theme' : 'Light theme'}
      onClick={() => void save({ theme: next })}
    >
      {theme === 'dark' ? '☀' : '☾'}
    </button>
  );
}
