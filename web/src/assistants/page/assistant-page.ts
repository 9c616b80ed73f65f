/** Where published assistants are reached: `/assistants/{path}`, the path lower-cased. */
export const assistantPagePrefix = '/assistants/';

/**
 * The assistant path a page address names, lower-cased; null when the address is not an assistant
 * page (or names no path). A path that does not decode is taken as typed (the lookup refuses it).
 */
export const assistantPathOfLocation = (pathname: string): string | null => {
  if (!pathname.toLowerCase().startsWith(assistantPagePrefix)) return null;
  const raw = pathname.slice(assistantPagePrefix.length).replace(/\/+$/, '');
  if (raw === '') return null;
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = raw;
  }
  return decoded.toLowerCase();
};

/** What the assistant page shows. */
export type AssistantPageState =
  | { kind: 'none' }
  | { kind: 'looking'; path: string }
  | { kind: 'opened'; path: string; name: string }
  | { kind: 'refused'; path: string; message: string };
