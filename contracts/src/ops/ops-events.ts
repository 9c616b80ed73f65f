import type { Op } from './op';
import { eventTypesOf } from '../event-types';

/** An op registered (or replaced, by name) on a stream of ops (the system's or a user's). */
export interface OpRegistered {
  type: 'OpRegistered';
  data: { op: Op };
}

/** An op deleted. */
export interface OpDeleted {
  type: 'OpDeleted';
  data: { name: string };
}

export type OpEvent = OpRegistered | OpDeleted;
export const opEventTypes = eventTypesOf<OpEvent>({ OpRegistered: true, OpDeleted: true });
