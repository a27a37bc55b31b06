/**
 * The web client's build (docs/architecture.md, "Web client"): web/ → dist/web, which the service
 * serves at `/`. Preact's JSX is compiled by Vite's own oxc transform (no Babel). The manifest lets
 * the page-weight test find the match page's JavaScript.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { catalogPlugin } from './build/catalog-plugin.js';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: '/',
  // The files served at fixed paths (the service worker, the web app manifest, the icons): copied as they are.
  publicDir: here('public'),
  // Each language's messages, compiled, a chunk of its own (web/build/catalog-plugin.ts).
  plugins: [catalogPlugin()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: {
    // The board's geometry comes from the service's own code (src/pictures), which reaches the engine's
    // index; the dice module there uses node:crypto, which no page calls: a stub stands in for it.
    alias: { 'node:crypto': here('src/stubs/node-crypto.ts') },
  },
  build: {
    outDir: here('../dist/web'),
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      // The engine and the pictures are pure modules: what a page does not call is left out.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/src/engine/') && !id.includes('/src/pictures/') },
    },
  },
});
