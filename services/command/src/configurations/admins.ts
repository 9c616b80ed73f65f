import { isEmail, normaliseEmail, platformMessages, type AdminsEvent } from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, isPlainObject, plainSnapshot, type Decider } from '../shared/decider';
import { diffLists, unique } from './set-diff';

export interface AdminsState {
  admins: string[];
}

export type AdminsCommand =
  /** The dialog's whole-section save: the list it wants. */
  | { type: 'UpdateAdmins'; data: { admins: string[] } }
  /** First start: the admins named by ADMIN_EMAILS, only while there are none. */
  | { type: 'SeedAdmins'; data: { admins: string[] } };

const validEmails = (raw: readonly string[]): string[] => {
  const emails = unique(raw.map(normaliseEmail));
  const bad = emails.find((e) => !isEmail(e));
  if (bad !== undefined) throw new DomainError(platformMessages.invalidEmail(bad));
  return emails;
};

/** The list is copied once per run of events, then appended to (or filtered): pure for the caller. */
const evolveAdmins = (state: AdminsState, events: readonly AdminsEvent[]): AdminsState => {
  let admins = [...state.admins];
  for (const event of events) {
    switch (event.type) {
      case 'AdminAdded':
        admins.push(event.data.email);
        break;
      case 'AdminRemoved':
        admins = admins.filter((e) => e !== event.data.email);
        break;
      default:
        assertNever(event);
    }
  }
  return { admins };
};

export const adminsDecider: Decider<AdminsState, AdminsCommand, AdminsEvent> = {
  initialState: () => ({ admins: [] }),

  decide: (command, state) => {
    switch (command.type) {
      case 'SeedAdmins': {
        if (state.admins.length > 0) return [];
        return validEmails(command.data.admins).map((email) => ({ type: 'AdminAdded', data: { email } }));
      }
      case 'UpdateAdmins': {
        const next = validEmails(command.data.admins);
        if (next.length === 0 && state.admins.length > 0) throw new DomainError(platformMessages.lastAdmin);
        const { added, removed } = diffLists(state.admins, next);
        return [
          ...removed.map((email): AdminsEvent => ({ type: 'AdminRemoved', data: { email } })),
          ...added.map((email): AdminsEvent => ({ type: 'AdminAdded', data: { email } })),
        ];
      }
      default:
        return assertNever(command);
    }
  },

  evolve: (state, event) => evolveAdmins(state, [event]),
  evolveAll: (state, events) => evolveAdmins(state, events),
  snapshot: plainSnapshot(
    'admins/1',
    (j) => isPlainObject(j) && Array.isArray(j['admins']) && j['admins'].every((e) => typeof e === 'string'),
  ),
};
