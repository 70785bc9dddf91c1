import { afterAll, describe, expect, it } from 'vitest';
import { applyConstraints, schemaNameOf, schemaStatements } from '../../src/graph/model/constraints';
import { testGraph } from '../support/graph';

describe('applyConstraints', () => {
  const graph = testGraph();
  afterAll(() => graph.close());

  const names = async () =>
    new Set((await graph.read<{ name: string }>('SHOW INDEXES YIELD name, state WHERE state = "ONLINE" RETURN name')).map((row) => row.name));

  it('creates what the database lacks by name, and only that, leaving the rest as they are', async () => {
    await applyConstraints(graph);
    // Every CREATE is named, so a later start skips it; a migration (a DROP) runs each time.
    const expected = (await schemaStatements()).filter((statement) => statement.startsWith('CREATE')).map(schemaNameOf);
    expect(expected.every((name) => name !== undefined && /^\w+$/.test(name))).toBe(true);
    const before = await names();
    for (const name of expected) expect(before).toContain(name);

    await graph.write('DROP INDEX match_home_away');
    await graph.write('DROP CONSTRAINT referee_id');
    expect(await names()).not.toContain('match_home_away');
    await applyConstraints(graph);
    expect(await names()).toEqual(before);
  });
});
