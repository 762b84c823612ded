import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';

const src = fileURLToPath(new URL('./src', import.meta.url));
const serverPort = Number(process.env.PORT ?? 3000);

// The client build. `npm start` builds into dist/client and the Fastify server serves it;
// `npm run dev` serves it with hot reload and proxies the API to a running server.
export default defineConfig({
  // Brotli and gzip twins of every text asset, served as is by the server (issue 10).
  plugins: [react(), precompress()],
  resolve: { alias: { '@': src } },
  // The manifest lets scripts/size-budget.ts follow each route's static imports.
  build: {
    outDir: 'dist/client',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    manifest: true,
    rolldownOptions: {
      // The engine is pure (no import-time effects: ARCHITECTURE.md), so a page that imports
      // `@/engine` for the rooms list does not carry the follower machine the watch page uses.
      treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]engine[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries every page starts with, in one file rather than a dozen: on a slow
              // network each response costs its headers and a turn of the request queue.
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|@tanstack|zod|@mantine[\\/](hooks|store|notifications)|react-transition-group|tslib)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/v1': `http://127.0.0.1:${serverPort}`,
      '/v2': `http://127.0.0.1:${serverPort}`,
      '/ws': { target: `ws://127.0.0.1:${serverPort}`, ws: true },
      '/media': `http://127.0.0.1:${serverPort}`,
      '/uploads': `http://127.0.0.1:${serverPort}`,
    },
  },
});
