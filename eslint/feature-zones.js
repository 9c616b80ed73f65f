// @ts-check
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The zones of one source folder laid out by capability (docs/architecture.md, "Layers"): the
 * folders under `root` are features, except the shared ones. One way only: the entry files at the
 * root (app) → features → shared. A feature imports another feature only through that feature's
 * `index.ts` (its public face), never its insides; a shared folder imports no feature and no entry
 * file. Features are read from the disk, so a new folder is a zone the day it is made.
 *
 * @param {string} root the folder, from the repository's root (e.g. 'services/command/src')
 * @param {{ shared: string[], entries?: string[], ignore?: string[] }} layout
 */
export const featureZones = (root, { shared, entries = ['index.ts', 'main.ts'], ignore = [] }) => {
  const here = join(import.meta.dirname, '..', root);
  const folders = readdirSync(here, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !ignore.includes(d.name))
    .map((d) => d.name);
  const features = folders.filter((f) => !shared.includes(f));
  const at = (/** @type {string} */ f) => `./${root}/${f}`;
  /** @type {{ target: string, from: string | string[], except?: string[], message: string }[]} */
  const zones = [];
  for (const s of shared) {
    zones.push({
      target: at(s),
      from: [...features.map(at), ...entries.map(at)],
      message: `${root}/${s} is shared: it imports no feature and no entry file (one way: entry → feature → shared).`,
    });
  }
  for (const f of features) {
    zones.push({
      target: at(f),
      from: entries.map(at),
      message: `A feature never imports the entry files of ${root}: they import it.`,
    });
    for (const other of features.filter((o) => o !== f)) {
      zones.push({
        target: at(f),
        from: at(other),
        except: ['./index.ts'],
        message: `${f} may import ${other} only through ${root}/${other}/index.ts (its public face), not its insides.`,
      });
    }
  }
  return zones;
};
