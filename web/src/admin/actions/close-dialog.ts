import { atom } from 'jotai';
import { sectionTypes } from '@app/contracts';
import { updateSection } from '../../state/sections';
import { adminDialogOpenAtom, configsStatusAtom } from '../../state/admin-status';

/** Close (after confirmation when anything is unsaved): unsaved edits are dropped. */
export const closeAdminDialogAtom = atom(null, (get, set) => {
  for (const type of sectionTypes)
    updateSection(get, set, type, (s) => ({ ...s, draft: undefined, notice: null }));
  set(configsStatusAtom, 'idle');
  set(adminDialogOpenAtom, false);
});
