import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Where the platform listens in development (`npm run dev`); the dev server proxies to it. */
const platform = 'http://127.0.0.1:3000';

// Run from the monorepo root as `vite web` / `vite build web`: root is web/, output web/dist.
export default defineConfig({
  plugins: [react()],
  // The AG Grid core (about 700 kB) loads lazily with the first table: no warning for that chunk.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 800 },
  server: {
    proxy: {
      '/auth': platform,
      '/amplifymin': platform,
      '/available_models': platform,
      '/api': platform,
      '/v1': platform,
      '/state': platform,
      '/embedding': platform,
      '/files': platform,
      '/blobs': platform,
      '/data-disclosure': platform,
      '/apiKeys': platform,
      // '/assistant/' (not '/assistant'): /assistants/{path} is the app's own page, served by vite.
      '/assistant/': platform,
      '/integrations': platform,
      '/google/integrations': platform,
      '/microsoft/integrations': platform,
      '/live': { target: platform, ws: true },
    },
  },
});
