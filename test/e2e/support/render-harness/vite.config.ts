import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The page of web/src/chat/render/harness, built apart from the app (whose build it never enters). */
export const harnessRoot = path.resolve(here, '../../../../web/src/chat/render/harness');

export default defineConfig({
  root: harnessRoot,
  base: '/',
  plugins: [react()],
  logLevel: 'warn',
  build: { emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 4000 },
});
