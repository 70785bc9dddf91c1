import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { verifyApiToken } from '../../src/graph/write/api-tokens';
import { resetDatabase, testGraph } from '../support/graph';

const ROOT = path.resolve(__dirname, '..', '..');

/** `npm run token -- <args>` against the test Neo4j: exit code, stdout, stderr. */
async function token(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const neo4j = inject('neo4j');
  return promisify(execFile)(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['src/server/token-cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, NEO4J_URI: neo4j.uri, NEO4J_USER: neo4j.user, NEO4J_PASSWORD: neo4j.password, LOG_LEVEL: 'silent' },
  }).then(({ stdout, stderr }) => ({ code: 0, stdout, stderr }), (error: { code: number; stdout: string; stderr: string }) => error);
}

describe('npm run token', () => {
  let graph: GraphClient;

  beforeAll(async () => {
    graph = testGraph();
    await resetDatabase(graph);
  });
  afterAll(() => graph?.close());

  it('creates a token shown once on stdout, lists it, revokes it, and refuses bad arguments', async () => {
    const made = await token('create', '--name', 'carol', '--role', 'admin');
    expect(made.code).toBe(0);
    const secret = made.stdout.trim();
    expect(secret).toMatch(/^kg_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(made.stderr).not.toContain(secret);
    expect(await verifyApiToken(graph, secret)).toEqual({ name: 'carol', role: 'admin' });

    expect(await token('create', '--name', 'carol', '--role', 'editor')).toMatchObject({ code: 2, stdout: '' });
    expect(await token('create', '--name', 'dave', '--role', 'owner')).toMatchObject({ code: 2, stderr: expect.stringContaining('--role: one of editor, admin') });

    const listed = await token('list');
    expect(listed.stdout).toMatch(/^carol\tadmin\t\S+\n$/);
    expect(listed.stdout).not.toContain(secret.slice(20));

    expect((await token('revoke', 'carol')).code).toBe(0);
    expect(await verifyApiToken(graph, secret)).toBeUndefined();
    expect((await token('list')).stdout).toMatch(/^carol\tadmin\t\S+\trevoked\n$/);
    expect(await token('revoke', 'carol')).toMatchObject({ code: 2, stderr: expect.stringContaining('no active token is named "carol"') });
  }, 120_000);
});
