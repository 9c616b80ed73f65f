/** Sharing a cloud conversation: the row's Share action and dialog, and the `/share/<id>` page. */
export { ShareAction } from './ShareAction';
export { SharePage } from './SharePage';
