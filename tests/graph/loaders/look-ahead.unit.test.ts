import { beforeEach, describe, expect, it, vi } from 'vitest';
import { batchMany, batchOne, MAX_CUTS_PER_LOADER, trimmedSpec, type GraphReader, type LoaderEnv } from '../../../src/graph/read/loaders/batched-loader';
import {
  forgetLookAheadPlans,
  lookAheadCompilations,
  lookAheadCompiled,
  lookAheadStatement,
  MAX_LOOK_AHEAD_SHAPES,
  pageKeyOf,
  readInPlace,
  type EmbeddableStatement,
  type ReadAhead,
} from '../../../src/graph/read/loaders/look-ahead';
import { RowProjection } from '../../../src/graph/read/loaders/projections';

const STATEMENTS: Record<string, EmbeddableStatement> = {
  matchGoals: { cypher: 'UNWIND $ids.items AS id MATCH (g:Goal)-[:IN_MATCH]->(:Match {id: id}) RETURN id AS key, g {.id, .scorerId} AS value', arity: 'many' },
  player: { cypher: 'UNWIND $ids.items AS id MATCH (n:Player {id: id}) RETURN id AS key, n {.id} AS value', arity: 'one' },
  broken: { cypher: 'MATCH (n) RETURN n.id AS key, n AS value' },
};
const statementOf = ({ loader }: { loader: string }) => STATEMENTS[loader]!;
const PAGE: EmbeddableStatement = { cypher: 'UNWIND $ids.items AS id MATCH (m:Match) RETURN id.key AS key, {nodes: collect(m {.id})} AS value', rowsField: 'nodes' };

describe('lookAheadStatement', () => {
  it('reads each include for the distinct ids of the rows it hangs from, nested, and returns each list as one record, its values grouped by key', () => {
    const { cypher, params } = lookAheadStatement(
      PAGE,
      [{ loader: 'matchGoals', idField: 'id', includes: [{ loader: 'player', idField: 'scorerId', includes: [] }] }],
      statementOf,
    );
    expect(params).toEqual({});
    expect(cypher).toBe(`CALL () {
UNWIND $ids.items AS id MATCH (m:Match) RETURN id.key AS key, {nodes: collect(m {.id})} AS value
}
WITH key, collect(value) AS values
WITH collect({key: key, values: values}) AS results
WITH results, COLLECT { UNWIND results AS entry UNWIND entry.values AS value UNWIND value.nodes AS row RETURN row } AS rootRows
CALL (rootRows) {
  CALL (rootRows) {
UNWIND rootRows AS parentRow WITH DISTINCT parentRow.id AS id WHERE id IS NOT NULL MATCH (g:Goal)-[:IN_MATCH]->(:Match {id: id}) RETURN id AS key, g {.id, .scorerId} AS value
  }
  WITH key, collect(value) AS values
  RETURN collect({key: key, values: values}) AS included1
}
WITH *, COLLECT { UNWIND included1 AS entry UNWIND entry.values AS value RETURN value } AS included1Rows
CALL (included1Rows) {
  CALL (included1Rows) {
UNWIND included1Rows AS parentRow WITH DISTINCT parentRow.scorerId AS id WHERE id IS NOT NULL MATCH (n:Player {id: id}) RETURN id AS key, n {.id} AS value
  }
  RETURN collect({key: key, values: [value]}) AS included2
}
UNWIND range(0, 2) AS list
WITH list, [results, included1, included2][list] AS entries
RETURN list, [entry IN entries | entry.key] AS keys, [entry IN entries | entry.values] AS values`);
  });

  it('reads an include whose id field lists ids (an assist link\'s goals) for every id listed, each once', () => {
    const { cypher } = lookAheadStatement(PAGE, [{ loader: 'player', idField: 'goalIds', idList: true, includes: [] }], statementOf);
    expect(cypher).toContain(
      'UNWIND rootRows AS parentRow UNWIND parentRow.goalIds AS listedId WITH DISTINCT listedId AS id WHERE id IS NOT NULL MATCH (n:Player {id: id})',
    );
  });

  it('reads no list for an include its parent reads in place, only for those below other includes', () => {
    const goals: EmbeddableStatement = { ...STATEMENTS.matchGoals!, binds: { scorerId: { variable: 'g', loader: 'player' } } };
    const scorer = { loader: 'player', idField: 'scorerId', includes: [] };
    const { cypher } = lookAheadStatement(PAGE, [{ loader: 'matchGoals', idField: 'id', includes: [scorer] }], (include) =>
      include.loader === 'matchGoals' ? goals : statementOf(include),
    );
    expect(cypher).not.toContain('MATCH (n:Player {id: id})');
    expect(cypher).toContain('UNWIND range(0, 1) AS list');
    expect(readInPlace(goals, scorer)).toBe(true);
    // Not in place: another loader than the one bound, an include with includes of its own, a list of ids.
    expect(readInPlace(goals, { ...scorer, loader: 'coach' })).toBe(false);
    expect(readInPlace(goals, { ...scorer, includes: [{ loader: 'playerTeams', idField: 'id', includes: [] }] })).toBe(false);
    expect(readInPlace(goals, { ...scorer, idList: true })).toBe(false);
    expect(readInPlace(STATEMENTS.matchGoals!, scorer)).toBe(false);
  });

  it("reads a page per row of its parent, the page's query a parameter naming the row, keyed by the row's id", () => {
    const venue: EmbeddableStatement = { cypher: 'UNWIND $ids.items AS id MATCH (v:Venue {id: id}) RETURN id AS key, v {.id} AS value' };
    const page = { query: { first: 3, after: null, venueId: null }, parentParam: 'venueId' };
    const { cypher, params } = lookAheadStatement(venue, [{ loader: 'matchPage', idField: 'id', page, includes: [] }], () => PAGE);
    expect(cypher).toContain(`UNWIND rootRows AS parentRow WITH DISTINCT parentRow.id AS id WHERE id IS NOT NULL
WITH id, $included1Query AS pageQuery
WITH pageQuery {.*, venueId: id, key: id} AS id MATCH (m:Match)`);
    expect(params).toEqual({ included1Query: page.query });
    const teams = lookAheadStatement(venue, [{ loader: 'matchPage', idField: 'id', page: { ...page, parentParam: 'teams', parentList: true as const }, includes: [] }], () => PAGE);
    expect(teams.cypher).toContain('WITH pageQuery {.*, teams: [id], key: id} AS id');
    // The loader's key, as its resolver asks for it: every parameter in the query's order, the row's id in its place.
    expect(pageKeyOf(page, 'venue-1')).toEqual({ first: 3, after: null, venueId: 'venue-1', key: '{"first":3,"after":null,"venueId":"venue-1"}' });
    expect(() => lookAheadStatement(venue, [{ loader: 'matchPage', idField: 'id', page: { ...page, parentParam: 'x: 1})' }, includes: [] }], () => PAGE)).toThrow(
      /page parameter must be an identifier/,
    );
  });

  it('refuses to embed a statement that does not start from $ids, and an id field that is not an identifier', () => {
    expect(() => lookAheadStatement(PAGE, [{ loader: 'broken', idField: 'id', includes: [] }], statementOf)).toThrow(
      /starting with "UNWIND \$ids\.items AS id", but broken's starts: MATCH \(n\)/,
    );
    expect(() => lookAheadStatement(PAGE, [{ loader: 'player', idField: 'id}) DETACH DELETE (n', includes: [] }], statementOf)).toThrow(
      /id field must be an identifier/,
    );
  });
});

describe('lookAheadStatement over list rows', () => {
  const LIST_PAGE: EmbeddableStatement = { ...PAGE, columns: ['id', 'tournamentId'] };
  const TOURNAMENT: EmbeddableStatement = { cypher: 'UNWIND $ids.items AS id MATCH (t:Tournament {id: id}) RETURN id AS key, [t.id] AS value' };

  it("reads an include's id by its position in the parent's columns", () => {
    const { cypher } = lookAheadStatement(LIST_PAGE, [{ loader: 'tournament', idField: 'tournamentId', includes: [] }], () => TOURNAMENT);
    expect(cypher).toContain('UNWIND rootRows AS parentRow WITH DISTINCT parentRow[1] AS id WHERE id IS NOT NULL MATCH (t:Tournament {id: id})');
  });

  it('refuses an id field the parent rows do not have', () => {
    expect(() => lookAheadStatement(LIST_PAGE, [{ loader: 'tournament', idField: 'venueId', includes: [] }], () => TOURNAMENT)).toThrow(
      "look-ahead reads venueId of the root's rows, which have only: id, tournamentId",
    );
  });
});

/** A reader recording each statement, answering an EXPLAIN with nothing and the others with `answer`. */
function recordingReader(answer: (cypher: string) => unknown[]): [GraphReader, string[]] {
  const statements: string[] = [];
  const reader: GraphReader = {
    read: async <T>(cypher: string) => {
      statements.push(cypher);
      return (cypher.startsWith('EXPLAIN') ? [] : answer(cypher)) as T[];
    },
  };
  return [reader, statements];
}

describe('A loader reading ahead', () => {
  /** Answers the goals' own statement and the look-ahead one. */
  const goalsReader = () =>
    recordingReader((cypher) => {
      const goal = { key: 'match-1', value: { id: 'goal-1', scorerId: 'player-1' } };
      if (cypher === STATEMENTS.matchGoals!.cypher) return [goal];
      return [{ list: 0, keys: [goal.key], values: [[goal.value]] }, { list: 1, keys: ['player-1'], values: [[{ id: 'player-1' }]] }];
    });

  function requestLoaders(graph: GraphReader, compiler: GraphReader) {
    const env: LoaderEnv = { graph, compiler };
    const loaders = { matchGoals: batchMany(env, STATEMENTS.matchGoals!.cypher), player: batchOne(env, STATEMENTS.player!.cypher) };
    env.registry = loaders;
    return loaders;
  }

  it('reads level by level until its statement is asked for again and compiled outside the request, then reads ahead', async () => {
    const include = [{ loader: 'player', idField: 'scorerId', includes: [] }];
    const lookAhead = lookAheadStatement(STATEMENTS.matchGoals!, include, statementOf).cypher;
    const [compiler, compiled] = goalsReader();
    const levelByLevel = async () => {
      const [reader, statements] = goalsReader();
      const loaders = requestLoaders(reader, compiler);
      expect(await loaders.matchGoals.including({ includes: include }).load('match-1')).toEqual([{ id: 'goal-1', scorerId: 'player-1' }]);
      expect(statements).toEqual([STATEMENTS.matchGoals!.cypher]);
      // The rest of the request reads level by level too, compiling nothing more.
      expect(loaders.player.including({ includes: include })).toBe(loaders.player);
      await lookAheadCompilations();
    };
    await levelByLevel();
    expect(compiled, 'a shape asked for once').toEqual([]);
    await levelByLevel();
    expect(compiled, 'the second request').toEqual([`EXPLAIN ${lookAhead}`]);

    const [later, laterStatements] = goalsReader();
    const laterLoaders = requestLoaders(later, compiler);
    expect(await laterLoaders.matchGoals.including({ includes: include }).load('match-1')).toEqual([{ id: 'goal-1', scorerId: 'player-1' }]);
    expect(await laterLoaders.player.load('player-1')).toEqual({ id: 'player-1' });
    expect(laterStatements).toEqual([lookAhead]);
    expect(compiled).toHaveLength(1);
  });
});

describe('lookAheadCompiled', () => {
  // Each test starts with no shape compiled; statement texts differ between tests, as requests remembered stay.
  beforeEach(() => forgetLookAheadPlans());

  /** Asks for `cypher` as `times` requests would; the answers. */
  const ask = (cypher: string, compile: () => Promise<unknown>, times: number) =>
    Array.from({ length: times }, () => lookAheadCompiled(cypher, compile));

  it('compiles a statement once a second request asks for it, answers false until then, and retries a failed one', async () => {
    let fail = true;
    const compile = vi.fn(() => (fail ? Promise.reject(new Error('Neo4j is down')) : Promise.resolve([])));
    expect(lookAheadCompiled('RETURN 1', compile)).toBe(false);
    await lookAheadCompilations();
    expect(compile, 'asked for once').not.toHaveBeenCalled();
    expect(ask('RETURN 1', compile, 2)).toEqual([false, false]);
    await lookAheadCompilations();
    expect(compile).toHaveBeenCalledTimes(1);

    fail = false;
    expect(lookAheadCompiled('RETURN 1', compile), 'the next request after a failure').toBe(false);
    await lookAheadCompilations();
    expect(compile).toHaveBeenCalledTimes(2);
    expect(lookAheadCompiled('RETURN 1', compile)).toBe(true);
  });

  it('remembers a bounded number of shapes asked for once, forgetting the oldest first', async () => {
    const compile = vi.fn(() => Promise.resolve([]));
    const once = Array.from({ length: 4 * MAX_LOOK_AHEAD_SHAPES + 1 }, (_, i) => `RETURN ${i} AS once`);
    for (const cypher of once) lookAheadCompiled(cypher, compile);
    lookAheadCompiled(once[0]!, compile);
    lookAheadCompiled(once.at(-1)!, compile);
    await lookAheadCompilations();
    expect(compile).toHaveBeenCalledTimes(1);
    expect(lookAheadCompiled(once.at(-1)!, compile)).toBe(true);
    expect(lookAheadCompiled(once[0]!, compile), 'forgotten, then asked for once more: compiled now').toBe(false);
    await lookAheadCompilations();
    expect(compile).toHaveBeenCalledTimes(2);
  });

  it('compiles one statement at a time', async () => {
    const answers: Array<() => void> = [];
    const compile = () => new Promise<void>((resolve) => answers.push(resolve));
    ask('RETURN 3', compile, 2);
    ask('RETURN 4', compile, 2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answers).toHaveLength(1);
    answers[0]!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answers).toHaveLength(2);
    answers[1]!();
    await lookAheadCompilations();
    expect([lookAheadCompiled('RETURN 3', compile), lookAheadCompiled('RETURN 4', compile)]).toEqual([true, true]);
  });

  it('does not take a compilation that answers after forgetLookAheadPlans, and compiles the shapes it knew on their next request', async () => {
    let answer = () => {};
    ask('RETURN 2', () => new Promise<void>((resolve) => (answer = resolve)), 2);
    forgetLookAheadPlans();
    answer();
    await lookAheadCompilations();
    const compile = vi.fn(() => Promise.resolve([]));
    expect(lookAheadCompiled('RETURN 2', compile)).toBe(false);
    await lookAheadCompilations();
    expect(compile).toHaveBeenCalledTimes(1);
    expect(lookAheadCompiled('RETURN 2', compile)).toBe(true);
  });

  it('compiles a bounded number of statements per process, and uses the ones it compiled ever after', async () => {
    const compile = vi.fn(() => Promise.resolve([]));
    for (let i = 0; i < MAX_LOOK_AHEAD_SHAPES; i++) expect(ask(`RETURN ${i} AS n`, compile, 2)).toEqual([false, false]);
    await lookAheadCompilations();
    expect(compile).toHaveBeenCalledTimes(MAX_LOOK_AHEAD_SHAPES);
    const refused = vi.fn(() => Promise.resolve([]));
    expect(ask('RETURN "one too many"', refused, 3)).toEqual([false, false, false]);
    await lookAheadCompilations();
    expect(lookAheadCompiled('RETURN "one too many"', refused)).toBe(false);
    expect(refused).not.toHaveBeenCalled();
    expect(lookAheadCompiled('RETURN 0 AS n', compile)).toBe(true);

    // After a Neo4j restart: every statement is compiled anew, and there is room again.
    forgetLookAheadPlans();
    expect(lookAheadCompiled('RETURN 0 AS n', compile)).toBe(false);
    expect(ask('RETURN "one too many"', refused, 2)).toEqual([false, false]);
    await lookAheadCompilations();
    expect(refused).toHaveBeenCalledTimes(1);
    expect(lookAheadCompiled('RETURN 0 AS n', compile)).toBe(true);
  });
});

describe('A look-ahead cut to the selected columns', () => {
  const player = new RowProjection((n: string) => ({ id: `${n}.id`, name: `${n}.name`, birthDate: `${n}.birthDate`, labels: `labels(${n})` })).at('n');
  const goal = new RowProjection((g: string) => ({ id: `${g}.id`, minute: `${g}.minute`, ownGoal: `${g}.ownGoal`, matchId: `${g}.matchId` })).at('g');
  const PLAYERS = `UNWIND $ids.items AS id MATCH (n:Player {id: id}) RETURN id AS key, ${player.list} AS value`;
  const GOALS = `UNWIND $ids.items AS id MATCH (:Player {id: id})-[:SCORED]->(g:Goal) RETURN id AS key, ${goal.list} AS value`;
  const MESSI = ['player-1', 'Messi', '1987-06-24', ['Player']];

  /** Answers the whole rows' statements, and a look-ahead with a player and their goal, cut as the statement cuts them. */
  const cutReader = () =>
    recordingReader((cypher) => {
      if (cypher === PLAYERS) return [{ key: 'player-1', value: MESSI }];
      if (cypher === GOALS) return [{ key: 'player-1', value: ['goal-1', 90, false, 'match-1'] }];
      return [
        { list: 0, keys: ['player-1'], values: [[['player-1', 'Messi']]] },
        { list: 1, keys: ['player-1'], values: [[['goal-1', 90, 'match-1']]] },
      ];
    });

  function cutLoaders(graph: GraphReader) {
    const env: LoaderEnv = { graph, compiler: graph };
    const loaders = { player: batchOne(env, PLAYERS, player), playerGoals: batchMany(env, GOALS, goal) };
    env.registry = loaders;
    return loaders;
  }

  const goalMinutes: ReadAhead = { columns: ['matchId', 'minute'], includes: [] };
  const playerWithGoals: ReadAhead = { columns: ['name'], includes: [{ loader: 'playerGoals', idField: 'id', ...goalMinutes }] };

  async function compiledOnce() {
    for (let i = 0; i < 2; i++) {
      await cutLoaders(cutReader()[0]).player.including(playerWithGoals).load('player-1');
      await lookAheadCompilations();
    }
  }

  it('cuts the rows it reads to their columns (with their id; labels only when asked for), and primes a cache of those columns, not the whole rows', async () => {
    forgetLookAheadPlans();
    await compiledOnce();
    const [reader, statements] = cutReader();
    const loaders = cutLoaders(reader);
    expect(await loaders.player.including(playerWithGoals).load('player-1')).toEqual({ id: 'player-1', name: 'Messi' });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('RETURN id AS key, [n.id, n.name] AS value');
    expect(statements[0]).toContain('RETURN id AS key, [g.id, g.minute, g.matchId] AS value');

    // The goals' resolver asks with its selection's columns: primed, no statement.
    expect(await loaders.playerGoals.including(goalMinutes).load('player-1')).toEqual([{ id: 'goal-1', minute: 90, matchId: 'match-1' }]);
    // Fewer columns will do with a row of more.
    expect(await loaders.player.including({ columns: [], includes: [] }).load('player-1')).toEqual({ id: 'player-1', name: 'Messi' });
    expect(statements).toHaveLength(1);
    // An interface field asks for the labels it picks the type by: not in the cut row, so read.
    expect(await loaders.player.including({ columns: ['labels', 'name'], includes: [] }).load('player-1')).toMatchObject({ labels: ['Player'] });
    expect(statements).toHaveLength(2);
    // Whoever needs the whole rows reads them: a cut row is never served as a whole one.
    expect(await loaders.player.load('player-1')).toEqual({ id: 'player-1', name: 'Messi', birthDate: '1987-06-24', labels: ['Player'] });
    expect(await loaders.playerGoals.load('player-1')).toEqual([{ id: 'goal-1', minute: 90, ownGoal: false, matchId: 'match-1' }]);
    expect(statements).toEqual([expect.any(String), PLAYERS, PLAYERS, GOALS]);
  });

  it('answers loadNow with the value itself once primed or read, from a cache of as many columns or more, and a promise before', async () => {
    forgetLookAheadPlans();
    await compiledOnce();
    const [reader, statements] = cutReader();
    const loaders = cutLoaders(reader);
    const pending = loaders.player.including(playerWithGoals).loadNow('player-1');
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toEqual({ id: 'player-1', name: 'Messi' });
    // Read by the statement above: the value now, not a promise.
    expect(loaders.player.including(playerWithGoals).loadNow('player-1')).toEqual({ id: 'player-1', name: 'Messi' });
    expect(loaders.playerGoals.including(goalMinutes).loadNow('player-1')).toEqual([{ id: 'goal-1', minute: 90, matchId: 'match-1' }]);
    expect(loaders.player.including({ columns: [], includes: [] }).loadNow('player-1')).toEqual({ id: 'player-1', name: 'Messi' });
    // The whole row was never read: a promise, and a read.
    const whole = loaders.player.loadNow('player-1');
    expect(whole).toBeInstanceOf(Promise);
    expect(await whole).toMatchObject({ birthDate: '1987-06-24' });
    expect(loaders.player.loadNow('player-1')).toMatchObject({ birthDate: '1987-06-24' });
    expect(statements).toHaveLength(2);
  });

  it('throws when a column the cut row lacks is read, and reads other missing properties as usual', async () => {
    forgetLookAheadPlans();
    await compiledOnce();
    const loaders = cutLoaders(cutReader()[0]);
    await loaders.player.including(playerWithGoals).load('player-1');
    const [row] = (await loaders.playerGoals.including(goalMinutes).load('player-1')) as Array<Record<string, unknown>>;
    expect(() => row!.ownGoal).toThrow('this row was read with columns id, minute, matchId, not ownGoal');
    expect(row!.then).toBeUndefined();
    expect(JSON.stringify(row)).toBe('{"id":"goal-1","minute":90,"matchId":"match-1"}');
  });

  it('keeps a bounded number of cuts per loader: past them, new column sets read whole rows', () => {
    const names = Array.from({ length: 10 }, (_, i) => `c${i}`);
    const wide = new RowProjection((n: string) => Object.fromEntries([['id', `${n}.id`], ...names.map((c) => [c, `${n}.${c}`])])).at('n');
    const env: LoaderEnv = { graph: cutReader()[0] };
    const loader = batchMany(env, `UNWIND $ids.items AS id MATCH (n:Wide {id: id}) RETURN id AS key, ${wide.list} AS value`, wide);
    const subsets = Array.from({ length: MAX_CUTS_PER_LOADER + 10 }, (_, i) => names.filter((_c, bit) => (i + 1) & (1 << bit)));
    const cut = subsets.map((wanted) => trimmedSpec(loader.spec, wanted)).filter((spec) => spec !== loader.spec);
    expect(cut).toHaveLength(MAX_CUTS_PER_LOADER);
    // Those already cut stay cut.
    expect(trimmedSpec(loader.spec, [...subsets[0]!])).toBe(cut[0]);
  });

  it('keeps the whole row where a wanted field is not one of its columns', () => {
    const loaders = cutLoaders(cutReader()[0]);
    expect(loaders.playerGoals.including({ columns: ['minute', 'scorer'], includes: [] })).toBe(loaders.playerGoals);
    expect(trimmedSpec(loaders.playerGoals.spec, ['minute', 'scorer'])).toBe(loaders.playerGoals.spec);
    expect(trimmedSpec(loaders.playerGoals.spec, ['minute', 'ownGoal', 'matchId'])).toBe(loaders.playerGoals.spec);
  });
});
