import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstViewChunks } from './scripts/first-view-chunks';
import { mantineComponentStyles } from './scripts/mantine-component-styles';
import { learnerPrecache } from './scripts/precache-plan';
import { ROUTE_CHUNKS } from './src/server/http/route-preload';
import { precompress } from './scripts/precompress';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * React Router 7's package exports point every condition at its development build (dev warnings
 * on: remix-run/react-router#12532, #14753); its production build sits beside it unused. The
 * client build takes that one, so pupils do not download and run the warnings; `npm run dev` keeps
 * the development build and its warnings.
 */
const REACT_ROUTER_PRODUCTION: Record<string, string> = {
  'react-router': 'index.mjs',
  'react-router/dom': 'dom-export.mjs',
};
const reactRouterProduction: Plugin = {
  name: 'tomoni-react-router-production',
  apply: 'build',
  enforce: 'pre',
  resolveId(id) {
    const file = REACT_ROUTER_PRODUCTION[id];
    return file
      ? fileURLToPath(
          new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url),
        )
      : null;
  },
};

const serverPort = Number(process.env.PORT ?? 3000);
const signedInFirstView = firstViewChunks(
  fileURLToPath(new URL('.', import.meta.url)),
  ROUTE_CHUNKS['/']!,
);

// The client build. `npm start` builds into dist/client and the Fastify server serves it;
// `npm run dev` serves it with hot reload and proxies the API to a running server.
export default defineConfig({
  // Brotli and gzip twins of every text asset, served as is by the server (issue 10).
  plugins: [
    react(),
    reactRouterProduction,
    // Each Mantine component brings its own stylesheet (scripts/mantine-component-styles.ts).
    ...mantineComponentStyles(),
    signedInFirstView.collect,
    // The service worker and the web app manifest (issue 13): src/sw/sw.ts, with the build's
    // file list injected. The page registers it itself after load (src/app/service-worker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: {
        name: 'Tomoni',
        short_name: 'Tomoni',
        description: 'Tomoni — watch together, learn together.',
        lang: 'ja',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0c8599',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // What a learner needs offline: the shell and the pages a pupil opens with no network
        // (scripts/precache-plan.ts); staff pages and the rest load on demand. Not the HEIC
        // decoder (uploading an image needs the network anyway) nor source maps.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/*.map', '**/*heic*', '**/*libheif*', 'sw.js'],
        manifestTransforms: [
          learnerPrecache(
            fileURLToPath(new URL('./dist/client/.vite/manifest.json', import.meta.url)),
          ),
        ],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    precompress(),
  ],
  resolve: { alias: { '@': src } },
  // The manifest lets scripts/size-budget.ts follow each route's static imports.
  build: {
    outDir: 'dist/client',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    manifest: true,
    rolldownOptions: {
      // The engine is pure (no import-time effects: docs/architecture.md), so a page that imports
      // `@/engine` for the rooms list does not carry the follower machine the watch page uses.
      treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]engine[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything the entry imports statically (the shell /login and every page start
              // with, libraries and app code alike) in one file: left alone it came as ten, most
              // under 2 kB, each a turn of the browser's six-at-a-time queue (issue 10).
              name: 'app-initial',
              tags: ['$initial'],
              test: /[\\/]src[\\/]/,
            },
            {
              // These libraries' modules the entry does not import (app-initial has the rest):
              // Mantine's hooks, tslib, the query client's extras and the selector hook XState's
              // React binding uses, that lazy pages share, in one file rather than a dozen. Of the toasts only their store: the container comes
              // after the first render (providers.tsx).
              name: 'vendor',
              // Nor the query cache's hydration: only a returning visit's kept first view uses it
              // (src/app/first-view-cache.ts), in a chunk of its own.
              // Not the hooks only later pages' components use (sliders, storage, hotkeys): a group
              // takes every module it matches anywhere in the app, so they would ride on /login.
              test: /node_modules[\\/]((react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|@tanstack(?![\\/]query-core[\\/]build[\\/]modern[\\/]hydration)|use-sync-external-store|zod[\\/](v4[\\/])?(core(?=[\\/](?!to-json-schema|json-schema|memoizer|compile))|mini)|@mantine[\\/](hooks|store)|tslib)[\\/](?!esm[\\/](use-drag|use-collapse|use-move|use-long-press|use-local-storage|use-hotkeys|use-debounced-callback)[\\/])|@mantine[\\/]notifications[\\/]esm[\\/]notifications\.store)/,
            },
            {
              // Classic zod's methods (~15 kB brotli on top of its core): the schemas /login and
              // the own record parse are `zod/mini` (contracts/user-entities.ts and the auth,
              // users, errors, client-config and oauth contracts), so only pages that parse a
              // classic schema fetch this file. Its core is in `vendor`
              // (docs/decisions/0180-zod-mini-and-xstate-on-login.md).
              name: 'zod',
              test: /node_modules[\\/]zod[\\/](?!(v4[\\/])?(core[\\/](?!to-json-schema|json-schema|memoizer|compile)|mini[\\/]))/,
            },
            {
              // The transitions and scroll lock the toasts' container (loaded after the first
              // render, providers.tsx) shares with Mantine's dialogs: left to themselves they sat
              // in `ui-app`, and /login fetched all of that for its toasts.
              name: 'toasts',
              test: /node_modules[\\/](react-transition-group|react-remove-scroll|react-remove-scroll-bar|use-sidecar|use-callback-ref|react-style-singleton|get-nonce)[\\/]/,
            },
            {
              // The Mantine pieces /login and every page draw with, in one file rather than one
              // response per component (a first load fetched 14 of them; each costs a round trip).
              name: 'ui',
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](core|utils[\\/](?!Floating|InlineInput)|components[\\/](ActionIcon|Alert|Anchor|Box|Button|Center|CloseButton|Group|Image|Input|InputBase|Loader|Paper|Portal|SegmentedControl|Stack|Text|TextInput|Title|Transition|UnstyledButton|VisuallyHidden)[\\/])/,
            },
            {
              // The ones the signed-in shell and home add (header menu, dialogs, cards, lists).
              name: 'ui-app',
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](AspectRatio|Avatar|Badge|Card|FocusTrap|Grid|List|Menu|Modal|ModalBase|Overlay|Popover|SimpleGrid|Skeleton|Table|Tabs)[\\/]/,
            },
            {
              // The app code the signed-in home's first view shares with other pages, in one
              // file instead of eighteen (scripts/first-view-chunks.ts). Last, so the library
              // groups above keep their modules.
              name: 'signed-in',
              test: signedInFirstView.test,
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
