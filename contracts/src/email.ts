import { z } from 'zod';

/** An email as entered: trimmed and lower-cased before it is checked. */
export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'must be a valid email address' }));

export const normaliseEmail = (raw: string): string => raw.trim().toLowerCase();

export const isEmail = (raw: string): boolean => Email.safeParse(raw).success;
