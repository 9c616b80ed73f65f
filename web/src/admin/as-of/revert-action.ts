import { atom } from 'jotai';
import { adminMessages, revertMessages, sectionLabels, type SectionType } from '@app/contracts';
import { fetchConfigs } from '../../api/configs';
import { answeredSignedOut } from '../../api/http';
import { discardEdits } from '../../state/section-rules';
import { pushToastAtom } from '../../state/toasts';
import { applySection } from '../actions/apply-configs';
import { postRevert } from './as-of-api';
import { asOfViewAtom } from './as-of-state';

/**
 * Reverts one section to the view's moment, at the version it had when the view was opened. On
 * success: a toast (and each secret that could not come back), the dialog back to now with the
 * section fresh. A refusal (409, 400) throws for the confirmation to show the server's words.
 */
export const revertSectionAtom = atom(null, async (get, set, section: SectionType) => {
  const view = get(asOfViewAtom);
  if (!view) return;
  const answer = await postRevert({ section, at: view.at, version: view.now.meta[section]?.version ?? 0 });
  const label = sectionLabels[section];
  set(pushToastAtom, { tone: 'success', message: revertMessages.reverted(label) });
  for (const line of answer.notRestored) set(pushToastAtom, { tone: 'info', message: line });
  set(asOfViewAtom, null);
  try {
    const fresh = await fetchConfigs(answer.position === '0' ? undefined : answer.position);
    applySection(get, set, section, fresh, (s, incoming) => discardEdits(s, incoming));
  } catch (e) {
    if (!answeredSignedOut(e)) set(pushToastAtom, { tone: 'error', message: adminMessages.loadFailed });
  }
});
