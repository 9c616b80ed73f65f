import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface WebSize {
  /** The scripts index.html loads and preloads: what the first screen downloads. */
  initial: { file: string; gzipBytes: number }[];
  initialGzipBytes: number;
  /** Every other script (loaded on demand), largest first. */
  lazy: { file: string; gzipBytes: number }[];
}

const gzipped = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The built web app's JavaScript, gzip-compressed: what index.html pulls in at once, and the rest. */
export const measureWebSize = (dist: string): WebSize | null => {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) return null;
  const html = readFileSync(index, 'utf8');
  const referenced = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => (m[1] ?? '').replace(/^\//, ''));
  const initialSet = new Set(referenced);
  const assets = path.join(dist, 'assets');
  const all = existsSync(assets) ? readdirSync(assets).filter((f) => f.endsWith('.js')) : [];
  const sized = all.map((f) => ({ file: `assets/${f}`, gzipBytes: gzipped(path.join(assets, f)) }));
  const initial = sized.filter((s) => initialSet.has(s.file));
  return {
    initial,
    initialGzipBytes: initial.reduce((sum, s) => sum + s.gzipBytes, 0),
    lazy: sized.filter((s) => !initialSet.has(s.file)).sort((a, b) => b.gzipBytes - a.gzipBytes),
  };
};
