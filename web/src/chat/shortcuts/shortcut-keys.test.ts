import { describe, expect, it } from 'vitest';
import { isMac, shortcutOf, shownKeys, type KeyPress } from './shortcut-keys';

const press = (key: string, over: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...over,
});

describe('which shortcut a key press is', () => {
  it('Ctrl+Shift+O is a new chat elsewhere, ⌘+Shift+O on a Mac', () => {
    const ctrl = press('O', { code: 'KeyO', ctrlKey: true, shiftKey: true });
    const cmd = press('O', { code: 'KeyO', metaKey: true, shiftKey: true });
    expect(shortcutOf(ctrl, false, false)).toBe('newChat');
    expect(shortcutOf(cmd, true, false)).toBe('newChat');
    expect(shortcutOf(cmd, false, false)).toBeNull();
    expect(shortcutOf(ctrl, true, false)).toBeNull();
  });

  it('the letter counts by its key on a layout that is not Latin', () => {
    expect(shortcutOf(press('щ', { code: 'KeyO', ctrlKey: true, shiftKey: true }), false, false)).toBe(
      'newChat',
    );
  });

  it('Ctrl+O without Shift, or with Alt, is not a new chat', () => {
    expect(shortcutOf(press('o', { code: 'KeyO', ctrlKey: true }), false, false)).toBeNull();
    expect(
      shortcutOf(press('O', { code: 'KeyO', ctrlKey: true, shiftKey: true, altKey: true }), false, false),
    ).toBeNull();
  });

  it('Shift+Escape focuses the input, streaming or not', () => {
    expect(shortcutOf(press('Escape', { shiftKey: true }), false, false)).toBe('focusInput');
    expect(shortcutOf(press('Escape', { shiftKey: true }), false, true)).toBe('focusInput');
  });

  it('Escape stops only while an answer streams', () => {
    expect(shortcutOf(press('Escape'), false, true)).toBe('stop');
    expect(shortcutOf(press('Escape'), false, false)).toBeNull();
    expect(shortcutOf(press('Escape', { ctrlKey: true }), false, true)).toBeNull();
  });

  it('Ctrl+K is search; Ctrl+/ shows the shortcuts', () => {
    expect(shortcutOf(press('k', { code: 'KeyK', ctrlKey: true }), false, false)).toBe('search');
    expect(shortcutOf(press('/', { code: 'Slash', ctrlKey: true }), false, false)).toBe('showShortcuts');
    expect(shortcutOf(press('/', { code: 'Slash', metaKey: true }), true, false)).toBe('showShortcuts');
  });

  it('plain typing is no shortcut', () => {
    expect(shortcutOf(press('o', { code: 'KeyO' }), false, false)).toBeNull();
    expect(shortcutOf(press('/', { code: 'Slash' }), false, false)).toBeNull();
    expect(shortcutOf(press('Enter'), false, true)).toBeNull();
  });
});

describe('how the keys are shown', () => {
  it('Mod reads ⌘ on a Mac, Ctrl elsewhere', () => {
    expect(shownKeys(['Mod', 'Shift', 'O'], true)).toEqual(['⌘', 'Shift', 'O']);
    expect(shownKeys(['Mod', '/'], false)).toEqual(['Ctrl', '/']);
    expect([isMac('MacIntel'), isMac('iPhone'), isMac('Linux x86_64'), isMac('Win32')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
