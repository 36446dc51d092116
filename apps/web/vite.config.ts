import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { firstLoadBudget } from './build/budget.ts';
import { INITIAL_GROUP, REACT_GROUP, sharedWithHome } from './build/chunk-groups.ts';
import { compileHints } from './build/compile-hints.ts';
import { precompress } from './build/compress.ts';
import { fontStackInPage } from './build/font-stack.ts';
import { productionBuilds } from './build/production-builds.ts';
import { startAppAfterPaint } from './build/start-after-paint.ts';

const PRODUCT_PLACEHOLDER = '__PRODUCT_TITLE__';
const API_TARGET = process.env.API_PROXY_TARGET || 'http://localhost:3000';

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/**
 * The server fills the product title into index.html at serve time (SPEC 2: the
 * title is configurable). The dev server has no such step, so it does it here;
 * the production build keeps the placeholder for the server.
 */
function productTitleInDev(): Plugin {
  return {
    name: 'layerline:product-title',
    apply: 'serve',
    transformIndexHtml(html) {
      return html.replaceAll(
        PRODUCT_PLACEHOLDER,
        escapeHtml(process.env.PRODUCT_TITLE || 'Layerline'),
      );
    },
  };
}

export default defineConfig(({ command }) => {
  // The web build is always a production build: a shell's NODE_ENV (test,
  // development) would otherwise give React's development build to users and
  // trip the first-load budget. The dev server keeps its own.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    // The build fails when the home's first-load JS or CSS grows past its budget (build/first-load.ts).
    plugins: [
      react(),
      productTitleInDev(),
      fontStackInPage(),
      productionBuilds(),
      startAppAfterPaint(),
      compileHints(),
      // Each landing route's first-load JS is measured against 200 kB
      // (build/first-load-routes.ts, ADR 0062); reported, not yet enforced.
      firstLoadBudget(undefined, 'report'),
      precompress(),
    ],
    resolve: {
      alias: [
        {
          find: /^use-sync-external-store\/shim$/,
          replacement: fileURLToPath(
            new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url),
          ),
        },
      ],
    },
    server: {
      port: 5173,
      proxy: {
        '/api': { target: API_TARGET, changeOrigin: true },
        '/files': { target: API_TARGET, changeOrigin: true },
        '/healthz': { target: API_TARGET, changeOrigin: true },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      // The entry carries antd's shared core (theme, motion, portal, Modal,
      // message). Grouping antd into its own chunk would also pull the parts only
      // lazy pages use into the first load, so the entry stays a bit over 500 kB.
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Fewer, larger files for the home (build/chunk-groups.ts).
            groups: [REACT_GROUP, INITIAL_GROUP, { name: sharedWithHome() }],
          },
        },
        treeshake: {
          // The contract is declarations only. Its zod schemas are top-level calls,
          // which would otherwise pull zod into the first load for a constant.
          moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
        },
      },
    },
  };
});
