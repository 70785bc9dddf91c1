import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILES, GENERATED_PARTS, regenerated, withGeneratedPart } from '../../src/graph/model/model-artefacts';
import { schemaNameOf, schemaStatements } from '../../src/graph/model/constraints';
import { ENTITIES } from '../../src/graph/model/model';

const root = path.resolve(__dirname, '..', '..');

describe('files generated from the model (npm run model:emit)', () => {
  it.each(GENERATED_FILES)('%s says what the model gives', (file) => {
    const committed = readFileSync(path.join(root, file), 'utf8');
    expect(regenerated(file, committed), `${file} differs from the model: run npm run model:emit`).toBe(committed);
  });

  it('replaces only the lines between the markers, and refuses a file without them', () => {
    const [part] = GENERATED_PARTS;
    const text = ['before', part!.begin, 'stale line', part!.end, 'after'].join('\n');
    const lines = withGeneratedPart(text, part!).split('\n');
    expect(lines[0]).toBe('before');
    expect(lines).not.toContain('stale line');
    expect(lines.at(-1)).toBe('after');
    expect(() => withGeneratedPart('no markers here', part!)).toThrow(/lacks the markers/);
  });

  it('gives every label of the model its id constraint, and the hand-written file none of them twice', async () => {
    const statements = await schemaStatements();
    expect(new Set(statements.map(schemaNameOf)).size).toBe(statements.length);
    for (const { label } of ENTITIES) {
      expect(statements).toContain(`CREATE CONSTRAINT ${label.toLowerCase()}_id IF NOT EXISTS FOR (n:${label}) REQUIRE n.id IS UNIQUE`);
    }
  });
});

describe('schemaNameOf', () => {
  it('reads the name of each kind of schema statement, and none where a statement gives none', () => {
    expect(schemaNameOf('CREATE CONSTRAINT team_id IF NOT EXISTS FOR (n:Team) REQUIRE n.id IS UNIQUE')).toBe('team_id');
    expect(schemaNameOf('CREATE INDEX match_date IF NOT EXISTS FOR (n:Match) ON (n.date)')).toBe('match_date');
    expect(schemaNameOf('CREATE FULLTEXT INDEX name_text IF NOT EXISTS FOR (n:Player) ON EACH [n.nameText]')).toBe('name_text');
    expect(schemaNameOf('CREATE INDEX IF NOT EXISTS FOR (n:Match) ON (n.date)')).toBeUndefined();
    expect(schemaNameOf('CREATE INDEX match_date FOR (n:Match) ON (n.date)')).toBeUndefined();
  });
});
