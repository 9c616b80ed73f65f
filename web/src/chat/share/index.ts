/** Sharing a cloud conversation: the conversation menu's Share and its dialog, the row's Share, and the `/share/<id>` page. */
export { ShareMenuItem } from './ShareMenuItem';
export { SharePage } from './SharePage';
