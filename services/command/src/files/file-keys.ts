import { createHash, randomUUID } from 'node:crypto';

/** A short, stable stand-in for the owner in keys and URLs (never the email itself). */
export const ownerSegment = (owner: string): string =>
  createHash('sha256').update(owner.toLowerCase()).digest('hex').slice(0, 16);

/** The name's extension, lower-cased, without the dot; '' when it has none. */
export const extensionOf = (name: string): string => {
  const base = name.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 || dot === base.length - 1 ? '' : base.slice(dot + 1).toLowerCase();
};

const safeExtension = (ext: string) => (/^[a-z0-9]{1,16}$/.test(ext) ? ext : '');

/** A new file's key: `<owner segment>/<uuid>.<ext>` (no extension when the name has none). */
export const fileKeyFor = (owner: string, name: string): string => {
  const ext = safeExtension(extensionOf(name));
  return `${ownerSegment(owner)}/${randomUUID()}${ext ? `.${ext}` : ''}`;
};
