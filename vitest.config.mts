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
    // Starting a JVM-based Neo4j takes 10-30 s on a 2-core machine.
    hookTimeout: 120_000,
    testTimeout: 60_000,
    teardownTimeout: 60_000,
    projects: [
      {
        // Pure functions (`*.unit.test.ts`): no Neo4j, no JVM, run in parallel. `npm run test:unit`.
        extends: true,
        // The chaos suite's pure functions too (its request generator): cheap, and they guard it.
        test: { name: 'unit', include: ['tests/**/*.unit.test.ts'] },
      },
      {
        // Everything that talks to Neo4j, HTTP or the browser. Vitest runs a project's global set-up
        // only when one of its files is queued, so a unit-only run never starts the JVM.
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          // The hostile-traffic suite runs on its own: `npm run test:chaos` (vitest.chaos.config.mts).
          exclude: [...configDefaults.exclude, 'tests/chaos/**', 'tests/clone/**', 'tests/**/*.unit.test.ts'],
          globalSetup: ['tests/global-setup.ts'],
          // Every test file talks to the one throwaway Neo4j that the global setup starts.
          fileParallelism: false,
        },
      },
      {
        // A clone of the committed tree, `npm ci` and `npm start` as a newcomer runs them, then the
        // README's first questions: minutes, so `npm run test:clone` runs it on its own (and CI).
        extends: true,
        test: { name: 'clone', include: ['tests/clone/**/*.test.ts'] },
      },
    ],
  },
});
