import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** Where `npm run build:web` writes the pages; `src/server/static-pages.ts` serves from here. */
export const WEB_OUT_DIR = fileURLToPath(new URL('../dist/web', import.meta.url));

/**
 * The pages are served at /graphiql and /explore, not at their folder paths, so every asset URL
 * must be absolute: they all live under one prefix the server maps onto the output folder.
 */
export const WEB_ASSET_BASE = '/ui/';

export default defineConfig({
  root: webRoot,
  base: WEB_ASSET_BASE,
  // The server's tsconfig.json and vitest.config.mts are for Node; this build reads none of them.
  envDir: false,
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: WEB_OUT_DIR,
    emptyOutDir: true,
    // GraphiQL's editor (Monaco) is large by nature; warn only if it grows well past today's size.
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      onLog(level, log, defaultHandler) {
        // GraphiQL's React dependencies mark modules "use client" for server-component bundlers;
        // a browser-only bundle has no server side, so dropping the directive is correct.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        defaultHandler(level, log);
      },
      input: {
        playground: fileURLToPath(new URL('playground/index.html', import.meta.url)),
        explorer: fileURLToPath(new URL('explorer/index.html', import.meta.url)),
      },
    },
  },
  worker: { format: 'es' },
});
