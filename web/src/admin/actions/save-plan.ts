import {
  adminMessages,
  isSectionType,
  projectionMessages,
  sectionLabels,
  type ConfigsUpdateRequest,
  type ConfigsUpdateResponse,
  type SectionMeta,
  type SectionType,
} from '@app/contracts';

export interface ChangedSection {
  type: SectionType;
  data: unknown;
  meta: SectionMeta | null;
}

/** Only the changed sections go, each with the version it was loaded at (a stale save is refused). */
export const buildUpdateRequest = (changed: readonly ChangedSection[]): ConfigsUpdateRequest => ({
  configurations: changed.map((c) => ({
    type: c.type,
    data: c.data,
    ...(c.meta ? { version: c.meta.version } : {}),
  })),
});

export interface SaveOutcome {
  saved: { type: SectionType; version: number | undefined }[];
  failed: { type: SectionType; message: string }[];
  toast: { tone: 'success' | 'error' | 'info'; message: string };
  /** What the saves did beyond what was asked (e.g. 'Removed <model> (no endpoints configured)'). */
  notes: string[];
}

/**
 * The notice for a save whose events are not in the read models yet (the server's wait ran out, or a
 * projection set one aside): the sections it names, else every section saved. Null when shown.
 */
const notShownNotice = (
  response: ConfigsUpdateResponse,
  saved: readonly { type: SectionType }[],
): string | null => {
  if (response.projected !== false) return null;
  const named = (response.notProjected ?? []).map((e) => e.section).filter(isSectionType);
  const types = named.length > 0 ? [...new Set(named)] : saved.map((s) => s.type);
  return projectionMessages.savedNotShown(types.map((t) => sectionLabels[t]));
};

/** Reads the per-section answer: which sections are saved, which failed and with what words. */
export const summariseSave = (sent: readonly SectionType[], response: ConfigsUpdateResponse): SaveOutcome => {
  const saved: SaveOutcome['saved'] = [];
  const failed: SaveOutcome['failed'] = [];
  const notes: string[] = [];
  for (const type of sent) {
    const result = response.data[type];
    if (result?.success) {
      saved.push({ type, version: result.version });
      notes.push(...(result.notes ?? []));
    } else failed.push({ type, message: result?.message ?? adminMessages.saveFailed });
  }
  const notShown = notShownNotice(response, saved);
  const toast: SaveOutcome['toast'] =
    failed.length > 0
      ? { tone: 'error', message: adminMessages.partialSaveFailed(failed.map((f) => sectionLabels[f.type])) }
      : notShown !== null
        ? { tone: 'info', message: notShown }
        : { tone: 'success', message: adminMessages.saved };
  if (failed.length > 0 && notShown !== null) notes.push(notShown);
  return { saved, failed, toast, notes };
};
