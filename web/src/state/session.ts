import { atom } from 'jotai';
import type { MeResponse } from '@app/contracts';

/** Who is signed in: undefined while asking the server, null when nobody is. */
export const sessionAtom = atom<MeResponse | null | undefined>(undefined);
