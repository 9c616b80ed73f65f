import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** A library the chat renders with, found in the built scripts by what its code says. */
export interface RenderLibrary {
  name: string;
  /** Whether any of its scripts is among those index.html loads or preloads. */
  initial: boolean;
  /** Its scripts, gzip-compressed, largest first. */
  chunks: { file: string; gzipBytes: number }[];
}

/** How each library's scripts are told: by a string of its own code, or the name of the chunk. */
const renderLibraryMarks = [
  { name: 'KaTeX (math)', text: 'KaTeX parse error', file: /^math-plugins-/ },
  {
    name: 'Shiki (code highlighting)',
    text: 'ShikiError',
    file: /^(highlighter|github-(light|dark)-default)-/,
  },
] as const;

/**
 * Where KaTeX and the code highlighter are in the build: whether the first screen loads them, and
 * the scripts that load on demand (a language's grammar loads on its own, the first time a block in
 * it shows: not counted here).
 */
export const measureRenderLibraries = (dist: string): RenderLibrary[] | null => {
  const size = measureWebSize(dist);
  if (!size) return null;
  const initial = new Set(size.initial.map((s) => s.file));
  const all = [...size.initial, ...size.lazy];
  return renderLibraryMarks.map((mark) => {
    const chunks = all
      .filter(
        (s) =>
          mark.file.test(path.basename(s.file)) ||
          readFileSync(path.join(dist, s.file), 'utf8').includes(mark.text),
      )
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    return { name: mark.name, initial: chunks.some((c) => initial.has(c.file)), chunks };
  });
};

/** The lines `npm run bench` prints about them, under the web app's JavaScript. */
export const renderLibraryLines = (libraries: readonly RenderLibrary[]): string[] =>
  libraries.map((l) => {
    const sizes = l.chunks.map((c) => `${c.file} ${(c.gzipBytes / 1024).toFixed(1)} KB`).join(', ');
    const where =
      l.chunks.length === 0
        ? 'not found in the build'
        : l.initial
          ? 'IN the initial scripts'
          : 'not in the initial scripts';
    return `    ${l.name}: ${where}${sizes ? `; on demand, gzip: ${sizes}` : ''}`;
  });

/** Prints where KaTeX and the highlighter are in web/dist (nothing when it has not been built). */
export const renderLibrariesSection = (out: (line?: string) => void): void => {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');
  const libraries = measureRenderLibraries(dist);
  if (!libraries) return;
  out("    Math and code highlighting in the web app's JavaScript:");
  for (const line of renderLibraryLines(libraries)) out(line);
  out();
};
