import { readFileSync } from 'node:fs';
import { parseMasterKey } from './master-key';

/** Where a master key may be given: the value itself, or a file that holds it (a mounted secret). */
export interface MasterKeySource {
  /** The variable's name, for messages (e.g. APP_MASTER_KEY). */
  name: string;
  value?: string | undefined;
  file?: string | undefined;
}

/**
 * The key as given (base64 text): the value when set, else the file's contents, else undefined.
 * An unreadable file is an error naming the variable and the path, never the contents.
 */
export const masterKeyText = (source: MasterKeySource): string | undefined => {
  if (source.value !== undefined && source.value.trim() !== '') return source.value;
  if (source.file === undefined || source.file.trim() === '') return undefined;
  try {
    return readFileSync(source.file, 'utf8').trim();
  } catch (e) {
    const code = typeof e === 'object' && e !== null && 'code' in e ? ` (${String(e.code)})` : '';
    throw new Error(`${source.name}_FILE names a file that cannot be read: ${source.file}${code}`);
  }
};

/** The parsed key from a source, or undefined when neither the value nor the file is set. */
export const masterKeyFrom = (source: MasterKeySource): Buffer | undefined => {
  const text = masterKeyText(source);
  if (text === undefined) return undefined;
  return parseMasterKey(
    text,
    source.file && !source.value ? `${source.name}_FILE (${source.file})` : source.name,
  );
};

/** APP_MASTER_KEY, else the contents of APP_MASTER_KEY_FILE: the master key, or undefined when neither is set. */
export const resolveMasterKey = (settings: {
  APP_MASTER_KEY?: string | undefined;
  APP_MASTER_KEY_FILE?: string | undefined;
}): Buffer | undefined =>
  masterKeyFrom({
    name: 'APP_MASTER_KEY',
    value: settings.APP_MASTER_KEY,
    file: settings.APP_MASTER_KEY_FILE,
  });

/** The same as base64 text (for options that take the key as text, as startPlatform's masterKey). */
export const resolveMasterKeyText = (settings: {
  APP_MASTER_KEY?: string | undefined;
  APP_MASTER_KEY_FILE?: string | undefined;
}): string | undefined => resolveMasterKey(settings)?.toString('base64');
