import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildGraphQLSchema, SCHEMA_FILE } from '../../src/schema/build-schema';

it('schema/schema.graphql is the SDL of the code (run `npm run schema:emit` after changing the API)', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sports-kg-sdl-'));
  try {
    const emitted = path.join(dir, 'schema.graphql');
    await buildGraphQLSchema({ emitTo: emitted });
    expect(await readFile(emitted, 'utf8')).toBe(await readFile(SCHEMA_FILE, 'utf8'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
