import { atom } from 'jotai';
import { devLogin, fetchMe, logout } from '../api/auth';
import { sessionAtom } from '../state/session';
import { adminDialogOpenAtom } from '../state/admin-status';
import { signInNoticeAtom } from './session-ended';

/** GET /auth/me: 401 means nobody is signed in. Errors other than 401 are thrown to the caller. */
export const loadSessionAtom = atom(null, async (_get, set) => {
  set(sessionAtom, await fetchMe());
});

export const signInAtom = atom(null, async (_get, set, email: string) => {
  set(sessionAtom, await devLogin(email));
  set(signInNoticeAtom, null);
});

export const signOutAtom = atom(null, async (_get, set) => {
  await logout();
  set(adminDialogOpenAtom, false);
  set(sessionAtom, null);
  // Signed out on purpose: a call that answered 401 meanwhile does not make it "ended".
  set(signInNoticeAtom, null);
});
