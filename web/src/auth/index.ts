/** Sign-in in the web: what other features use when the session ends or admin rights go. */
export { noLongerAdminAtom, sessionEndedAtom } from './session-ended';
