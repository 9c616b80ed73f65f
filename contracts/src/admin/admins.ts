import type { z } from 'zod';
import { boundedList, boundedString } from '../bounded';
import { limits } from '../limits';
import { eventTypesOf } from '../event-types';

export const adminsStreamId = 'config-admins';

export const AdminsSection = boundedList(
  boundedString('An admin email', limits.emailLength),
  'Admins',
  limits.admins,
);
export type AdminsSection = z.infer<typeof AdminsSection>;

export type AdminsEvent =
  { type: 'AdminAdded'; data: { email: string } } | { type: 'AdminRemoved'; data: { email: string } };

export const adminsEventTypes = eventTypesOf<AdminsEvent>({
  AdminAdded: true,
  AdminRemoved: true,
});
