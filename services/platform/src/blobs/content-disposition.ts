/** The last path segment of a name, without control characters, at most 200 characters. */
const baseName = (name: string): string => {
  const last = name.split(/[/\\]/).pop() ?? '';
  const clean = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const bounded = [...clean].slice(0, 200).join('');
  return bounded === '' || bounded === '.' || bounded === '..' ? 'download' : bounded;
};

/** RFC 5987 percent-encoding (encodeURIComponent leaves ' ( ) * unencoded). */
const encodeRfc5987 = (value: string): string =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment` with a name the browser saves the file under: an ASCII fallback (anything else, and
 * quotes and backslashes, become `_`) and the exact name as `filename*` (RFC 6266).
 */
export const attachmentDisposition = (name: string): string => {
  const safe = baseName(name);
  const ascii = safe.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(safe)}`;
};
