import { atom } from 'jotai';
import type { Toast } from '../ui/Toasts';

export type ToastTone = Toast['tone'];

let nextId = 1;

export const toastsAtom = atom<readonly Toast[]>([]);

export const pushToastAtom = atom(null, (get, set, toast: { tone: ToastTone; message: string }) => {
  set(toastsAtom, [...get(toastsAtom), { id: nextId++, ...toast }]);
});

export const dismissToastAtom = atom(null, (get, set, id: number) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((t) => t.id !== id),
  );
});
