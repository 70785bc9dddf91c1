import { describe, expect, it } from 'vitest';
import { batchMany, type GraphReader } from '../../../src/graph/loaders/batched-loader';
import { admitLookAhead, lookAheadStatement, MAX_LOOK_AHEAD_SHAPES, type EmbeddableStatement } from '../../../src/graph/loaders/look-ahead';

const STATEMENTS: Record<string, EmbeddableStatement> = {
  matchGoals: { cypher: 'UNWIND $ids AS id MATCH (g:Goal)-[:IN_MATCH]->(:Match {id: id}) RETURN id AS key, g {.id, .scorerId} AS value' },
  player: { cypher: 'UNWIND $ids AS id MATCH (n:Player {id: id}) RETURN id AS key, n {.id} AS value' },
  broken: { cypher: 'MATCH (n) RETURN n.id AS key, n AS value' },
};
const statementOf = (loader: string) => STATEMENTS[loader]!;
const PAGE: EmbeddableStatement = { cypher: 'UNWIND $ids AS id MATCH (m:Match) RETURN id.key AS key, {nodes: collect(m {.id})} AS value', rowsField: 'nodes' };

describe('lookAheadStatement', () => {
  it('reads each include for the distinct ids of the rows it hangs from, nested, and returns every list row by row', () => {
    const cypher = lookAheadStatement(
      PAGE,
      [{ loader: 'matchGoals', idField: 'id', nested: [{ loader: 'player', idField: 'scorerId', nested: [] }] }],
      statementOf,
    );
    expect(cypher).toBe(`CALL () {
UNWIND $ids AS id MATCH (m:Match) RETURN id.key AS key, {nodes: collect(m {.id})} AS value
}
WITH collect({key: key, value: value}) AS results
WITH results, COLLECT { UNWIND results AS entry UNWIND entry.value.nodes AS row RETURN row } AS rootRows
CALL (rootRows) {
  CALL (rootRows) {
UNWIND rootRows AS parentRow WITH DISTINCT parentRow.id AS id WHERE id IS NOT NULL MATCH (g:Goal)-[:IN_MATCH]->(:Match {id: id}) RETURN id AS key, g {.id, .scorerId} AS value
  }
  RETURN collect({key: key, value: value}) AS included1
}
WITH *, [entry IN included1 | entry.value] AS included1Rows
CALL (included1Rows) {
  CALL (included1Rows) {
UNWIND included1Rows AS parentRow WITH DISTINCT parentRow.scorerId AS id WHERE id IS NOT NULL MATCH (n:Player {id: id}) RETURN id AS key, n {.id} AS value
  }
  RETURN collect({key: key, value: value}) AS included2
}
UNWIND range(0, 2) AS list
UNWIND [results, included1, included2][list] AS entry
RETURN list, entry.key AS key, entry.value AS value`);
  });

  it('refuses to embed a statement that does not start from $ids, and an id field that is not an identifier', () => {
    expect(() => lookAheadStatement(PAGE, [{ loader: 'broken', idField: 'id', nested: [] }], statementOf)).toThrow(
      /starting with "UNWIND \$ids AS id", but broken's starts: MATCH \(n\)/,
    );
    expect(() => lookAheadStatement(PAGE, [{ loader: 'player', idField: 'id}) DETACH DELETE (n', nested: [] }], statementOf)).toThrow(
      /id field must be an identifier/,
    );
  });
});

describe('admitLookAhead', () => {
  it('admits a bounded number of statement shapes per process, and the shapes it admitted ever after', () => {
    const include = [{ loader: 'player', idField: 'scorerId', nested: [] }];
    const root = (i: number) => ({ cypher: `UNWIND $ids AS id RETURN id AS key, ${i} AS value` });
    for (let i = 0; i < MAX_LOOK_AHEAD_SHAPES; i++) expect(admitLookAhead(root(i), include)).toBe(true);
    expect(admitLookAhead(root(MAX_LOOK_AHEAD_SHAPES), include)).toBe(false);
    expect(admitLookAhead(root(0), include)).toBe(true);

    // Past the cap, a loader asked to read ahead a new shape reads its own rows only.
    const reader: GraphReader = { read: async () => [] };
    const loader = batchMany(
      { graph: reader, registry: {} },
      `UNWIND $ids AS id RETURN id AS key, ${MAX_LOOK_AHEAD_SHAPES + 1} AS value`,
    );
    expect(loader.including(include)).toBe(loader);
  });
});
