import { atom } from 'jotai';

export type GroupEditorKind = 'members' | 'inclusions';

/** Which group's members or inclusions are being edited in the editor dialog, if any. */
export const groupEditorAtom = atom<{ name: string; kind: GroupEditorKind } | null>(null);

/** The group whose deletion waits for confirmation, if any. */
export const groupToDeleteAtom = atom<string | null>(null);
