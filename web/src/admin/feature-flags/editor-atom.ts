import { atom } from 'jotai';
import type { ExceptionKind } from './flag-edits';

/** Which flag's exceptions are being edited in the exceptions dialog, if any. */
export const exceptionsEditorAtom = atom<{ name: string; kind: ExceptionKind } | null>(null);
