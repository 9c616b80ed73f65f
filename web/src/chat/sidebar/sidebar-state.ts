import { atom } from 'jotai';

/** The sidebar as a drawer (narrow screens): open or not. Wide screens always show it. */
export const sidebarOpenAtom = atom(false);

/** The button that opens the drawer, which gets the focus back when it closes. */
export const openSidebarId = 'open-sidebar';
