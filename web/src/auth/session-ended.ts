import { atom, type Setter } from 'jotai';
import { identityMessages } from '@app/contracts';
import { fetchMe } from '../api/auth';
import { sessionAtom } from '../state/session';
import { pushToastAtom } from '../state/toasts';
import { adminDialogOpenAtom, configsStatusAtom } from '../state/admin-status';

/** What the sign-in page tells the user about why they are there (their session ended). */
export const signInNoticeAtom = atom<string | null>(null);

/**
 * The Admin Interface goes at once, without the unsaved-changes question: the user can no longer
 * save. Its edits are dropped when it next opens (opening loads afresh).
 */
const dropAdminDialog = (set: Setter) => {
  set(configsStatusAtom, 'idle');
  set(adminDialogOpenAtom, false);
};

/**
 * The session ended elsewhere (signed out in another tab, ended by an admin, expired): back to the
 * sign-in page, which says so. Nothing happens when nobody is signed in (a 401 is expected then).
 */
export const sessionEndedAtom = atom(null, (get, set) => {
  if (!get(sessionAtom)) return;
  dropAdminDialog(set);
  set(signInNoticeAtom, identityMessages.sessionEnded);
  set(sessionAtom, null);
});

/**
 * Another admin removed this user from the admins: the Admin Interface closes, a toast says why,
 * and /auth/me is asked again so the Admin Interface button goes too.
 */
export const noLongerAdminAtom = atom(null, async (get, set) => {
  const session = get(sessionAtom);
  if (!session) return;
  dropAdminDialog(set);
  set(pushToastAtom, { tone: 'info', message: identityMessages.noLongerAdmin });
  let me;
  try {
    me = await fetchMe();
  } catch {
    // The server already said so over the socket: believe it until the next load.
    me = { ...session, isAdmin: false };
  }
  if (me === null) set(sessionEndedAtom);
  else if (get(sessionAtom)) set(sessionAtom, me);
});
