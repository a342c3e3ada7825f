import { resolve } from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressDir } from './precompress';
import { routeAssets } from './route-assets';

const root = resolve(__dirname);
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  root,
  // The one package the web shares with the server: schemas, types and rules of every call.
  resolve: {
    alias: [
      { find: /^@arena\/contracts(\/.*)?$/, replacement: `${resolve(root, '../libs/contracts/src')}$1` },
    ],
  },
  publicDir: resolve(root, 'public'),
  plugins: [
    // Must run before the React plugin so route files are split before JSX is transformed.
    tanstackRouter({
      target: 'react',
      routesDirectory: resolve(root, 'src/routes'),
      generatedRouteTree: resolve(root, 'src/routeTree.gen.ts'),
      autoCodeSplitting: true,
      // The landing page paints with the first bundle; every other route loads its own chunk.
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) => (routeId === '/' ? [] : undefined),
      },
    }),
    react(),
    routeAssets(),
    {
      name: 'arena:precompress',
      apply: 'build',
      closeBundle: () => precompressDir(resolve(root, 'dist')),
    },
  ],
  build: {
    outDir: resolve(root, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': apiOrigin,
      '/socket.io': { target: apiOrigin, ws: true },
    },
  },
});
