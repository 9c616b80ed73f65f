import {
  adminMessages,
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
  toast: { tone: 'success' | 'error'; message: string };
  /** What the saves did beyond what was asked (e.g. 'Removed <model> (no endpoints configured)'). */
  notes: string[];
}

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
  const toast: SaveOutcome['toast'] =
    failed.length === 0
      ? { tone: 'success', message: adminMessages.saved }
      : { tone: 'error', message: adminMessages.partialSaveFailed(failed.map((f) => sectionLabels[f.type])) };
  return { saved, failed, toast, notes };
};
