import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A random secret kept in the data folder with mode 0600, made on first use. */
export const secretFromFile = async (dir: string, name: string, bytes = 32): Promise<string> => {
  const file = path.join(dir, name);
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(dir, { recursive: true });
  const secret = randomBytes(bytes).toString('base64url');
  await writeFile(file, secret + '\n', { mode: 0o600 });
  return secret;
};
