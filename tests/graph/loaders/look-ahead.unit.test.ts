import { describe, expect, it, vi } from 'vitest';
import { batchMany, batchOne, type GraphReader, type LoaderEnv } from '../../../src/graph/loaders/batched-loader';
import {
  forgetLookAheadPlans,
  lookAheadCompilations,
  lookAheadCompiled,
  lookAheadStatement,
  MAX_LOOK_AHEAD_SHAPES,
  type EmbeddableStatement,
} from '../../../src/graph/loaders/look-ahead';

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

describe('A loader reading ahead', () => {
  /** A reader recording each statement, answering the goals' own statement and the look-ahead one. */
  function recordingReader(): [GraphReader, string[]] {
    const statements: string[] = [];
    const reader: GraphReader = {
      read: async <T>(cypher: string) => {
        statements.push(cypher);
        if (cypher.startsWith('EXPLAIN')) return [];
        const goal = { key: 'match-1', value: { id: 'goal-1', scorerId: 'player-1' } };
        if (cypher === STATEMENTS.matchGoals!.cypher) return [goal] as T[];
        return [{ list: 0, ...goal }, { list: 1, key: 'player-1', value: { id: 'player-1' } }] as T[];
      },
    };
    return [reader, statements];
  }

  function requestLoaders(graph: GraphReader, compiler: GraphReader) {
    const env: LoaderEnv = { graph, compiler };
    const loaders = { matchGoals: batchMany(env, STATEMENTS.matchGoals!.cypher), player: batchOne(env, STATEMENTS.player!.cypher) };
    env.registry = loaders;
    return loaders;
  }

  it('reads level by level while its statement compiles outside the request, then reads ahead', async () => {
    const include = [{ loader: 'player', idField: 'scorerId', nested: [] }];
    const [compiler, compiled] = recordingReader();
    const [first, firstStatements] = recordingReader();
    const firstLoaders = requestLoaders(first, compiler);
    const goals = await firstLoaders.matchGoals.including(include).load('match-1');
    expect(goals).toEqual([{ id: 'goal-1', scorerId: 'player-1' }]);
    expect(firstStatements).toEqual([STATEMENTS.matchGoals!.cypher]);
    // The rest of the request reads level by level too, compiling nothing more.
    expect(firstLoaders.player.including(include)).toBe(firstLoaders.player);
    await lookAheadCompilations();
    const lookAhead = lookAheadStatement(STATEMENTS.matchGoals!, include, statementOf);
    expect(compiled).toEqual([`EXPLAIN ${lookAhead}`]);

    const [later, laterStatements] = recordingReader();
    const laterLoaders = requestLoaders(later, compiler);
    expect(await laterLoaders.matchGoals.including(include).load('match-1')).toEqual(goals);
    expect(await laterLoaders.player.load('player-1')).toEqual({ id: 'player-1' });
    expect(laterStatements).toEqual([lookAhead]);
    expect(compiled).toHaveLength(1);
  });
});

describe('lookAheadCompiled', () => {
  it('compiles each statement once, answers false until the compilation answered, and forgets a failed one', async () => {
    const compiles: string[] = [];
    let fail = true;
    const compile = (cypher: string) => () => {
      compiles.push(cypher);
      return fail ? Promise.reject(new Error('Neo4j is down')) : Promise.resolve([]);
    };
    expect(lookAheadCompiled('RETURN 1', compile('RETURN 1'))).toBe(false);
    expect(lookAheadCompiled('RETURN 1', compile('RETURN 1'))).toBe(false);
    await lookAheadCompilations();
    expect(compiles).toEqual(['RETURN 1']);

    fail = false;
    expect(lookAheadCompiled('RETURN 1', compile('RETURN 1'))).toBe(false);
    await lookAheadCompilations();
    expect(lookAheadCompiled('RETURN 1', compile('RETURN 1'))).toBe(true);
    expect(compiles).toEqual(['RETURN 1', 'RETURN 1']);
  });

  it('does not take a compilation that answers after forgetLookAheadPlans for one of the restarted Neo4j', async () => {
    let answer = () => {};
    expect(lookAheadCompiled('RETURN 2', () => new Promise<void>((resolve) => (answer = resolve)))).toBe(false);
    forgetLookAheadPlans();
    answer();
    await lookAheadCompilations();
    const compile = vi.fn(() => Promise.resolve([]));
    expect(lookAheadCompiled('RETURN 2', compile)).toBe(false);
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it('compiles a bounded number of statements per process, and uses the ones it compiled ever after', async () => {
    const compile = vi.fn(() => Promise.resolve([]));
    for (let i = 0; i < MAX_LOOK_AHEAD_SHAPES; i++) expect(lookAheadCompiled(`RETURN ${i} AS n`, compile)).toBe(false);
    // Since the last forgetLookAheadPlans, the test above compiled one statement: these filled the rest of the cap.
    expect(compile).toHaveBeenCalledTimes(MAX_LOOK_AHEAD_SHAPES - 1);
    const refused = vi.fn(() => Promise.resolve([]));
    expect(lookAheadCompiled('RETURN "one too many"', refused)).toBe(false);
    await lookAheadCompilations();
    expect(lookAheadCompiled('RETURN "one too many"', refused)).toBe(false);
    expect(refused).not.toHaveBeenCalled();
    expect(lookAheadCompiled('RETURN 0 AS n', compile)).toBe(true);

    // After a Neo4j restart: every statement is compiled anew, and there is room again.
    forgetLookAheadPlans();
    expect(lookAheadCompiled('RETURN 0 AS n', compile)).toBe(false);
    expect(lookAheadCompiled('RETURN "one too many"', refused)).toBe(false);
    expect(refused).toHaveBeenCalledTimes(1);
    await lookAheadCompilations();
    expect(lookAheadCompiled('RETURN 0 AS n', compile)).toBe(true);
  });
});
