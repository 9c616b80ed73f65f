import { atom, type Getter, type Setter } from 'jotai';
import {
  adminMessages,
  type ConfigsUpdateResponse,
  type SectionData,
  type SectionType,
} from '@app/contracts';
import { fetchConfigs, updateConfigs } from '../../api/configs';
import { answeredSignedOut } from '../../api/http';
import { currentValue, markSaved, markSaveFailed, mergeIncoming } from '../../state/section-rules';
import { sectionDefs } from '../../state/section-list';
import { dirtySectionsAtom, readSection, updateSection } from '../../state/sections';
import { pushToastAtom } from '../../state/toasts';
import { uiText } from '../../ui/strings';
import { ownSavePositionAtom, pendingSaveAtom, savingAtom } from '../../state/admin-status';
import { applyConfigs } from './apply-configs';
import { buildUpdateRequest, summariseSave, type ChangedSection } from './save-plan';
import { refreshUserConfigAtom } from '../../state/user-config';
import { modelSaveRefusal } from './model-save-check';
import { testNewEndpointsAtom } from '../endpoint-tests/test-before-save';
import { confirmMissingEndpointsAtom } from './missing-endpoints-confirm';

/** A changed section as it is sent: its value as the section saves it, with the version it was loaded at. */
const changedSection = <K extends SectionType>(get: Getter, type: K): ChangedSection => {
  const s = readSection(get, type);
  const value = currentValue(s);
  const toSave = sectionDefs[type].toSave;
  return { type, data: toSave ? toSave(value) : value, meta: s.meta };
};

const laterPosition = (a: string | null, b: string): string => (a !== null && BigInt(a) >= BigInt(b) ? a : b);

const markOneSaved = <K extends SectionType>(
  get: Getter,
  set: Setter,
  type: K,
  sent: unknown,
  version?: number,
) => updateSection(get, set, type, (s, def) => markSaved(s, sent as SectionData[K], version, def.equals));

const applyOutcome = (
  get: Getter,
  set: Setter,
  sent: readonly ChangedSection[],
  response: ConfigsUpdateResponse,
) => {
  const outcome = summariseSave(
    sent.map((c) => c.type),
    response,
  );
  for (const { type, version } of outcome.saved) {
    markOneSaved(get, set, type, sent.find((c) => c.type === type)?.data, version);
  }
  for (const { type, message } of outcome.failed) {
    updateSection(get, set, type, (s) => markSaveFailed(s, message));
  }
  set(pushToastAtom, outcome.toast);
  for (const note of outcome.notes) set(pushToastAtom, { tone: 'info', message: note });
  return outcome.saved.map((s) => s.type);
};

/** Read our own writes back: the server's normalised values; our saved sections raise no notice. */
const readBack = async (get: Getter, set: Setter, position: string, saved: readonly SectionType[]) => {
  try {
    const fresh = await fetchConfigs(position);
    applyConfigs(get, set, fresh, (s, incoming, def) =>
      mergeIncoming(
        s,
        incoming,
        { label: def.label, actor: uiText.anotherAdmin, ownChange: saved.includes(def.type) },
        def.equals,
      ),
    );
  } catch {
    // The live update or the next load brings it; the save itself is reported already.
  }
};

/** Save Changes: only the changed sections go, each with the version it was loaded at. */
export const saveConfigsAtom = atom(null, async (get, set) => {
  const dirty = get(dirtySectionsAtom);
  if (dirty.length === 0) {
    set(pushToastAtom, { tone: 'info', message: adminMessages.noChanges });
    return;
  }
  if (get(savingAtom)) return;
  const modelRefusal = modelSaveRefusal(get, dirty);
  if (modelRefusal !== null) {
    set(pushToastAtom, { tone: 'error', message: modelRefusal });
    return;
  }
  // An available model left without an endpoint: the admin is warned and may stop here.
  if (!(await set(confirmMissingEndpointsAtom))) return;
  // New OpenAi endpoints are tested first; after a failed test the admin may decide not to save.
  if (!(await set(testNewEndpointsAtom))) return;
  const sent: ChangedSection[] = dirty.map((type) => changedSection(get, type));
  const run = async () => {
    set(savingAtom, true);
    try {
      const response = await updateConfigs(buildUpdateRequest(sent));
      set(ownSavePositionAtom, laterPosition(get(ownSavePositionAtom), response.position));
      const saved = applyOutcome(get, set, sent, response);
      await readBack(get, set, response.position, saved);
      // The spec: after a successful save the models list and feature flags are refreshed.
      if (saved.length > 0) await set(refreshUserConfigAtom, response.position);
    } catch (e) {
      if (!answeredSignedOut(e)) set(pushToastAtom, { tone: 'error', message: adminMessages.saveFailed });
    } finally {
      set(savingAtom, false);
    }
  };
  const pending = run();
  set(pendingSaveAtom, pending);
  await pending;
  set(pendingSaveAtom, null);
});
