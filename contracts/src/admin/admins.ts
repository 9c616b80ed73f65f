import { z } from 'zod';

export const adminsStreamId = 'config-admins';

export const AdminsSection = z.array(z.string());
export type AdminsSection = z.infer<typeof AdminsSection>;

export type AdminsEvent =
  { type: 'AdminAdded'; data: { email: string } } | { type: 'AdminRemoved'; data: { email: string } };

export const adminsEventTypes = [
  'AdminAdded',
  'AdminRemoved',
] as const satisfies readonly AdminsEvent['type'][];
