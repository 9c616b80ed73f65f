import { isMask } from '@app/contracts';

/** A saved value shown in clear after a reveal; it belongs to the mask it was revealed for. */
export interface Revealed {
  forMask: string;
  value: string;
}

/**
 * What the input holds: a saved value (a mask) shows nothing, its mask being the placeholder, unless
 * it was revealed; a value typed in this dialog shows as typed (obscured unless shown).
 */
export const shownValue = (value: string, revealed: Revealed | null): string => {
  if (!isMask(value)) return value;
  return revealed?.forMask === value ? revealed.value : '';
};

/** Whether showing the value needs the server: only a saved value (a mask) not revealed yet. */
export const needsReveal = (value: string, revealed: Revealed | null): boolean =>
  isMask(value) && revealed?.forMask !== value;
