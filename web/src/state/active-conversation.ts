import { atom } from 'jotai';
import { sessionAtom } from './session';

/** The conversation shown; null: a new one starts with the next message. */
export const activeConversationIdAtom = atom<string | null>(null);

/** The signed-in user's email ('' while nobody is): conversations and artifacts are kept under it. */
export const userEmailAtom = atom<string>((get) => get(sessionAtom)?.email ?? '');
