/** Blocks in the web: a fenced block of an answer rendered as a view (loaded lazily by the chat). */
export { default } from './BlockView';
