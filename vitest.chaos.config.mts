import { defineConfig } from 'vitest/config';
import base from './vitest.config.mts';

/**
 * `npm run test:chaos`: the hostile-traffic suite of tests/chaos/ (fuzz, load, Neo4j faults), kept
 * out of `npm test` because the long run takes minutes; `KG_CHAOS=short` is the CI version. Same
 * plugins and aliases as `npm test`; its own files and global set-up.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // One project of its own, not npm test's unit and integration projects.
    projects: undefined,
    include: ['tests/chaos/**/*.test.ts'],
    // The faults test kills and pauses Neo4j: no other file may run beside it.
    fileParallelism: false,
    exclude: ['**/node_modules/**'],
    globalSetup: ['tests/chaos/global-setup.ts'],
    hookTimeout: 1_200_000,
    testTimeout: 1_200_000,
  },
});
