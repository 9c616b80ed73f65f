import { atom } from 'jotai';
import { adminMessages, type SectionType } from '@app/contracts';
import { fetchConfigs } from '../../api/configs';
import { answeredSignedOut } from '../../api/http';
import { discardEdits } from '../../state/section-rules';
import { pushToastAtom } from '../../state/toasts';
import { adminDialogOpenAtom, configsStatusAtom } from '../../state/admin-status';
import { applyConfigs, applySection } from './apply-configs';

/** Opening and the reload button: every edit is discarded and the configuration loaded afresh. */
export const loadConfigsAtom = atom(null, async (_get, set) => {
  set(configsStatusAtom, 'loading');
  try {
    const response = await fetchConfigs();
    applyConfigs(_get, set, response, (s, incoming) => discardEdits(s, incoming));
    set(configsStatusAtom, 'ready');
  } catch (e) {
    // The spec: the loading message is cleared and the dialog closes.
    set(configsStatusAtom, 'idle');
    if (!answeredSignedOut(e)) set(pushToastAtom, { tone: 'error', message: adminMessages.loadFailed });
    set(adminDialogOpenAtom, false);
  }
});

/** "Reload" on a section's notice: that section's edits go, the others stay. */
export const reloadSectionAtom = atom(null, async (get, set, type: SectionType) => {
  try {
    const response = await fetchConfigs();
    applySection(get, set, type, response, (s, incoming) => discardEdits(s, incoming));
  } catch (e) {
    if (!answeredSignedOut(e)) set(pushToastAtom, { tone: 'error', message: adminMessages.loadFailed });
  }
});
