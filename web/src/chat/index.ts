/** The chat screen, the first screen every user sees (AppShell places it). */
export { ChatScreen } from './components/ChatScreen';
export { SharePage } from './share';
