/** The chat's keyboard shortcuts (learnt from Open WebUI's): what each does and the keys that do it. */
export type ShortcutAction = 'newChat' | 'focusInput' | 'stop' | 'search' | 'showShortcuts';

/** The parts of a key press a shortcut looks at (a DOM KeyboardEvent has them all). */
export interface KeyPress {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export interface Shortcut {
  action: ShortcutAction;
  /** What it does, as the list of shortcuts says it. */
  label: string;
  /** The keys, as shown: `Mod` is ⌘ on a Mac, else Ctrl. */
  keys: readonly string[];
}

/** The shortcuts the list shows, in its order. */
export const shortcuts: readonly Shortcut[] = [
  { action: 'newChat', label: 'New chat', keys: ['Mod', 'Shift', 'O'] },
  { action: 'search', label: 'Search conversations', keys: ['Mod', 'K'] },
  { action: 'focusInput', label: 'Focus the message input', keys: ['Shift', 'Esc'] },
  { action: 'stop', label: 'Stop the answer', keys: ['Esc'] },
  { action: 'showShortcuts', label: 'Show keyboard shortcuts', keys: ['Mod', '/'] },
];

/** Ctrl, or ⌘ on a Mac: one of them, alone. */
const mod = (k: KeyPress, mac: boolean): boolean => (mac ? k.metaKey && !k.ctrlKey : k.ctrlKey && !k.metaKey);
const plain = (k: KeyPress): boolean => !k.ctrlKey && !k.metaKey && !k.altKey;
/** The letter pressed, whatever Shift did to it (the physical key when the layout is not Latin). */
const letter = (k: KeyPress): string =>
  k.code?.startsWith('Key') ? k.code.slice(3).toLowerCase() : k.key.toLowerCase();

/**
 * Which shortcut a key press is, if any. Escape stops only while an answer streams (`streaming`), so
 * it stays free for closing dialogs and menus otherwise.
 */
export function shortcutOf(k: KeyPress, mac: boolean, streaming: boolean): ShortcutAction | null {
  if (k.altKey) return null;
  if (mod(k, mac) && k.shiftKey && letter(k) === 'o') return 'newChat';
  if (mod(k, mac) && !k.shiftKey && letter(k) === 'k') return 'search';
  if (mod(k, mac) && (k.key === '/' || k.code === 'Slash')) return 'showShortcuts';
  if (plain(k) && k.key === 'Escape') return k.shiftKey ? 'focusInput' : streaming ? 'stop' : null;
  return null;
}

/** The keys as a user of this platform reads them. */
export const shownKeys = (keys: readonly string[], mac: boolean): string[] =>
  keys.map((key) => (key === 'Mod' ? (mac ? '⌘' : 'Ctrl') : key));

/** Whether the browser runs on a Mac (⌘ instead of Ctrl). */
export const isMac = (platform: string): boolean => /mac|iphone|ipad/i.test(platform);
