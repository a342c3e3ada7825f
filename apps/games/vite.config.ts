import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = resolve(__dirname);
const libs = resolve(root, '../../libs');

/**
 * The game app: one page per game (`/tiles/`, `/snake/`, `/pairs/`, the catalog's integrationUrl) and a
 * small index, built to apps/games/dist and served from its own origin by apps/games/server.
 */
export default defineConfig({
  root,
  resolve: {
    alias: [
      // The same cores the server replays with, and the frame protocol's schemas.
      { find: /^@arena\/games$/, replacement: resolve(libs, 'games/src') },
      { find: /^@arena\/contracts(\/.*)?$/, replacement: `${resolve(libs, 'contracts/src')}$1` },
    ],
  },
  build: {
    outDir: resolve(root, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      input: {
        index: resolve(root, 'index.html'),
        tiles: resolve(root, 'tiles/index.html'),
        snake: resolve(root, 'snake/index.html'),
        pairs: resolve(root, 'pairs/index.html'),
      },
      treeshake: {
        // libs/ modules are pure (schemas, rules, cores): what a page does not use may be dropped,
        // which keeps the contracts index (pulled in by @arena/games) out of the bundles.
        moduleSideEffects: (id) => !id.startsWith(libs),
      },
    },
  },
});
