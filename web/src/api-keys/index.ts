/** API keys in the web: the chat header's button that opens the keys dialog. */
export { ApiKeysButton } from './ApiKeysButton';
