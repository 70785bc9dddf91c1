import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node' with { 'resolution-mode': 'import' };
import { loadConfig } from '../src/config';
import { startNeo4j } from '../src/neo4j/launcher';
import { freePort } from '../src/neo4j/ports';

export interface TestNeo4j {
  uri: string;
  user: string;
  password: string;
  database: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    neo4j: TestNeo4j;
  }
}

/**
 * Starts a throwaway Neo4j on free ports with a fresh data folder for the whole run (or uses the
 * one NEO4J_TEST_URI names), and hands its connection to the tests through `inject('neo4j')`.
 * It never touches the data of `npm start`.
 */
export default async function setup(project: TestProject) {
  const external = process.env.NEO4J_TEST_URI;
  if (external) {
    project.provide('neo4j', {
      uri: external,
      user: process.env.NEO4J_TEST_USER ?? 'neo4j',
      password: process.env.NEO4J_TEST_PASSWORD ?? '',
      database: process.env.NEO4J_TEST_DATABASE ?? 'neo4j',
    });
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sports-kg-test-neo4j-'));
  const instance = await startNeo4j({
    dir,
    boltPort: await freePort(),
    httpPort: await freePort(),
    password: 'throwaway-test-password',
    heap: '768m',
    jarsDir: loadConfig().localNeo4j.jarsDir,
  });
  project.provide('neo4j', { uri: instance.uri, user: instance.user, password: instance.password, database: 'neo4j' });
  return async () => {
    await instance.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
