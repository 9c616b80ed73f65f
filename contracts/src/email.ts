import { z } from 'zod';
import { limits } from './limits';
import { platformMessages } from './messages';

/** An email as entered: trimmed and lower-cased before it is checked. */
export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(limits.emailLength, platformMessages.tooLong('An email address', limits.emailLength))
  .pipe(z.email({ message: 'must be a valid email address' }));

export const normaliseEmail = (raw: string): string => raw.trim().toLowerCase();

export const isEmail = (raw: string): boolean => Email.safeParse(raw).success;
