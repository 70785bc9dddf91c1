import swc from 'unplugin-swc';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  // esbuild drops decorator metadata, which type-graphql needs to read field types.
  plugins: [swc.vite({ module: { type: 'es6' } })],
  resolve: {
    // Node loads graphql's CommonJS build for type-graphql and @apollo/server (graphql has no
    // "exports" map), but Vite would hand our own files its "module" build: two copies, and
    // graphql's instanceof checks then throw "Cannot use GraphQLObjectType from another module".
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    include: ['tests/**/*.test.ts'],
    // The hostile-traffic suite runs on its own: `npm run test:chaos` (vitest.chaos.config.mts).
    exclude: [...configDefaults.exclude, 'tests/chaos/**'],
    globalSetup: ['tests/global-setup.ts'],
    // Every test file talks to the one throwaway Neo4j that the global setup starts.
    fileParallelism: false,
    // Starting a JVM-based Neo4j takes 10-30 s on a 2-core machine.
    hookTimeout: 120_000,
    testTimeout: 60_000,
    teardownTimeout: 60_000,
  },
});
