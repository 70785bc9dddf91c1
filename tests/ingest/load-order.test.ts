import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { dumpDifference as difference, dumpGraph } from '../../src/graph/read/graph-dump';
import { refreshTargetIds } from '../../src/graph/write/target-ids';
import { importDataSet } from '../../src/ingest/history-import';
import { seedDatabase } from '../../src/ingest/seeds/load';
import { startTestApi } from '../schema/api';
import { resetDatabase, testGraph } from '../support/graph';

const FIXTURES = path.join(__dirname, '..', 'fixtures');
type Load = 'seeds' | 'fjelstul' | 'openfootball' | 'wyscout' | 'statsbomb' | 'international-results';
// Forced: a data set loaded again must be compared row by row, not stopped by its import record.
const LOADS: Record<Load, (graph: GraphClient) => Promise<unknown>> = {
  seeds: (graph) => seedDatabase(graph),
  fjelstul: (graph) => importDataSet(graph, 'fjelstul', path.join(FIXTURES, 'fjelstul'), { force: true }),
  openfootball: (graph) => importDataSet(graph, 'openfootball', path.join(FIXTURES, 'openfootball'), { years: [2022, 2026], force: true }),
  wyscout: (graph) => importDataSet(graph, 'wyscout', path.join(FIXTURES, 'wyscout'), { force: true }),
  statsbomb: (graph) => importDataSet(graph, 'statsbomb', path.join(FIXTURES, 'statsbomb'), { force: true }),
  'international-results': (graph) => importDataSet(graph, 'international-results', path.join(FIXTURES, 'international-results'), { force: true }),
};

const permutations = <T>(items: readonly T[]): T[][] =>
  items.length <= 1 ? [[...items]] : items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));

async function loadInOrder(graph: GraphClient, order: Load[]): Promise<string[]> {
  await resetDatabase(graph);
  for (const load of order) await LOADS[load](graph);
  // The writer keeps every node's target-id properties in line with its edges, disputes included.
  expect(await refreshTargetIds(graph)).toBe(0);
  return dumpGraph(graph);
}

describe('loading seeds, Fjelstul and openfootball in any order', () => {
  let graph: GraphClient;
  let reference: string[];

  beforeAll(async () => {
    graph = testGraph();
    reference = await loadInOrder(graph, ['seeds', 'fjelstul', 'openfootball']);
  }, 300_000);
  afterAll(() => graph.close());

  it('builds a graph with disputes between the sources', () => {
    expect(reference.length).toBeGreaterThan(1000);
    expect(reference.some((line) => line.startsWith('node wc-2026-men#name@openfootball-worldcup :Assertion:Entity'))).toBe(true);
  });

  it("keeps one preferred tournament name and every source's version, shown by the API's disputes", async () => {
    const api = await startTestApi(graph);
    try {
      const { data, errors } = await api.query(`{
        tournament(year: 2026) { name disputes { field preferred versions { value preferred sources { id } } } }
      }`);
      expect(errors).toBeUndefined();
      const name = data!.tournament.disputes.find((d: any) => d.field === 'name');
      // Two reports against one data set: the reports' wording is preferred, openfootball's kept.
      expect(data!.tournament.name).toBe('2026 FIFA World Cup');
      expect(name.preferred).toBe('2026 FIFA World Cup');
      expect(name.versions.map((v: any) => [v.value, v.preferred, v.sources.map((s: any) => s.id).sort()])).toEqual([
        ['2026 FIFA World Cup', true, ['000_10f36a323a73b675.txt', '003_64d3008cb0b61a72.txt']],
        ["2026 FIFA Men's World Cup", false, ['openfootball-worldcup']],
      ]);
    } finally {
      await api.close();
    }
  });

  it("describes a data set's Source in its adapter's words, whoever loaded last", () => {
    const source = reference.find((line) => line.startsWith('node openfootball-worldcup :Entity:Source'));
    expect(source).toContain('"licence":"CC0 1.0 (public domain dedication');
  });

  it.each([
    [['openfootball', 'fjelstul', 'seeds']],
    [['fjelstul', 'seeds', 'openfootball']],
    [['openfootball', 'seeds', 'fjelstul']],
  ] as Array<[Load[]]>)('gives the same graph, node for node and property for property, when loaded as %j', async (order) => {
    const dump = await loadInOrder(graph, order);
    expect(difference(dump, reference)).toEqual({ onlyFirst: [], onlySecond: [] });
  }, 300_000);

  // The event data sets spell people their own way ("Lionel Andrés Messi Cuccittini"): loaded first,
  // they name people whom Fjelstul re-keys to its spelling when it joins them.
  it('gives the same graph with the event data sets, Wyscout and StatsBomb, before or after Fjelstul', async () => {
    const withEvents = await loadInOrder(graph, ['seeds', 'fjelstul', 'openfootball', 'wyscout', 'statsbomb']);
    expect(withEvents.some((line) => line.includes('#assist@wyscout-pappalardo-worldcup2018'))).toBe(true);
    for (const order of [['fjelstul', 'statsbomb', 'openfootball', 'wyscout', 'seeds'], ['wyscout', 'statsbomb', 'seeds', 'openfootball', 'fjelstul']] as Load[][]) {
      expect(difference(await loadInOrder(graph, order), withEvents)).toEqual({ onlyFirst: [], onlySecond: [] });
    }
    for (const load of ['wyscout', 'statsbomb'] as Load[]) await LOADS[load](graph);
    expect(difference(await dumpGraph(graph), withEvents)).toEqual({ onlyFirst: [], onlySecond: [] });
  }, 600_000);

  // The results list's home side may be the other one (Qatar v Netherlands, 2022; 139 of 964 World
  // Cup matches): the best-ranked data set's orientation wins, and a World Cup scorer the list names
  // only by a World Cup goal is the same player, whichever was loaded first.
  describe('with the international results', () => {
    let withResults: string[];
    const NETHERLANDS_QATAR = 'wc-2022-men-group-stage-netherlands-v-qatar';

    beforeAll(async () => {
      withResults = await loadInOrder(graph, ['seeds', 'fjelstul', 'openfootball', 'international-results']);
    }, 300_000);

    it('joins the World Cup matches, in the World Cup data sets\' orientation', () => {
      expect(withResults).toContain('rel wc-1986-men-final-argentina-v-west-germany -[SOURCED_FROM]-> international-results {}');
      expect(withResults.some((line) => line.startsWith('rel west-germany-men -[SUCCEEDED_BY]-> germany-men'))).toBe(true);
      expect(withResults).toContain(`rel ${NETHERLANDS_QATAR} -[HOME_TEAM]-> netherlands-men {}`);
      expect(withResults).toContain(`rel ${NETHERLANDS_QATAR} -[SOURCED_FROM]-> international-results {}`);
      const match = JSON.parse(withResults.find((line) => line.startsWith(`node ${NETHERLANDS_QATAR} `))!.replace(/^[^{]*/, ''));
      expect(match).toMatchObject({ homeTeamId: 'netherlands-men', awayTeamId: 'qatar-men', homeScore: 2, awayScore: 0 });
      expect(match.statedBy).toEqual(expect.arrayContaining(['homeScore@international-results', 'homeScore@openfootball-worldcup']));
      expect(withResults.filter((line) => line.startsWith('node diego-maradona'))).toHaveLength(1);
    });

    const others = permutations<Load>(['seeds', 'fjelstul', 'openfootball', 'international-results'])
      .filter((order) => order.join() !== 'seeds,fjelstul,openfootball,international-results');
    it.each(others.map((order) => [order]))('gives the same graph when loaded as %j', async (order) => {
      expect(difference(await loadInOrder(graph, order), withResults)).toEqual({ onlyFirst: [], onlySecond: [] });
    }, 300_000);

    it('writes nothing when every data set is imported again', async () => {
      await loadInOrder(graph, ['international-results', 'openfootball', 'seeds', 'fjelstul']);
      for (const load of ['fjelstul', 'openfootball', 'international-results'] as Load[]) {
        expect(((await LOADS[load](graph)) as { written: object }).written).toEqual({});
      }
      expect(difference(await dumpGraph(graph), withResults)).toEqual({ onlyFirst: [], onlySecond: [] });
    }, 300_000);
  });

  it('gives the same graph when every source is loaded again, in another order', async () => {
    const once = await loadInOrder(graph, ['fjelstul', 'openfootball', 'seeds']);
    for (const load of ['seeds', 'openfootball', 'fjelstul'] as Load[]) await LOADS[load](graph);
    expect(difference(await dumpGraph(graph), once)).toEqual({ onlyFirst: [], onlySecond: [] });
    expect(difference(once, reference)).toEqual({ onlyFirst: [], onlySecond: [] });
  }, 300_000);
});

// The same Nigeria 1-2 Argentina (2018) as three sources disagree on it: Messi's goal at 14' or 15',
// Moses' penalty at 45+2 or 47', the third goal Rojo's, Mercado's or an own goal of Omeruo at 86'/87'.
const DISPUTED = path.join(FIXTURES, 'goal-disputes');
type DisputedLoad = 'fjelstul' | 'wyscout' | 'statsbomb';
const DISPUTED_LOADS: Record<DisputedLoad, (graph: GraphClient) => Promise<unknown>> = {
  fjelstul: (graph) => importDataSet(graph, 'fjelstul', path.join(DISPUTED, 'fjelstul'), { force: true }),
  wyscout: (graph) => importDataSet(graph, 'wyscout', path.join(DISPUTED, 'wyscout'), { force: true }),
  statsbomb: (graph) => importDataSet(graph, 'statsbomb', path.join(DISPUTED, 'statsbomb'), { force: true }),
};
const NIGERIA_ARGENTINA = 'wc-2018-men-group-stage-argentina-v-nigeria';

describe('goals the sources place differently, loaded in every order', () => {
  let graph: GraphClient;
  let reference: string[];
  let referenceGoals: Array<{ minute: string; scorer: string; versions: Array<[string, string, string]> }>;

  async function loadDisputed(order: DisputedLoad[]): Promise<string[]> {
    await resetDatabase(graph);
    for (const load of order) await DISPUTED_LOADS[load](graph);
    expect(await refreshTargetIds(graph)).toBe(0);
    return dumpGraph(graph);
  }

  const disputedGoals = () => graph.read<{ minute: string; scorer: string; versions: Array<[string, string, string]> }>(
    `MATCH (g:Goal)-[:IN_MATCH]->(:Match {id: $match})
     RETURN g.minute + coalesce('+' + g.addedTime, '') AS minute, g.scorerId AS scorer,
            COLLECT { MATCH (g)-[:HAS_ASSERTION]->(a)-[:SOURCED_FROM]->(s) RETURN [a.field, a.value, s.id] ORDER BY a.field, s.id } AS versions
     ORDER BY g.sequence`,
    { match: NIGERIA_ARGENTINA },
  );

  beforeAll(async () => {
    graph = testGraph();
    reference = await loadDisputed(['fjelstul', 'wyscout', 'statsbomb']);
    referenceGoals = await disputedGoals();
  }, 300_000);
  afterAll(() => graph.close());

  it("keeps one goal per goal, each disagreement a dispute with every source's version", () => {
    const goals = referenceGoals;
    expect(goals.map((g) => [g.minute, g.scorer])).toEqual([['14', 'lionel-messi'], ['47', 'victor-moses'], ['86', 'marcos-rojo']]);
    const [fj, sb, wy] = ['fjelstul-worldcup', 'statsbomb-open-data', 'wyscout-pappalardo-worldcup2018'];
    expect(goals[0]!.versions.filter(([field]) => field === 'minute')).toEqual([['minute', '14', fj], ['minute', '14', sb], ['minute', '15', wy]]);
    expect(goals[1]!.versions.filter(([field]) => field === 'minute')).toEqual([['minute', '45+2', fj], ['minute', '47', sb], ['minute', '47', wy]]);
    expect(goals[2]!.versions.filter(([field]) => ['scorer', 'ownGoal'].includes(field))).toEqual([
      ['ownGoal', 'false', fj], ['ownGoal', 'true', sb], ['ownGoal', 'false', wy],
      ['scorer', 'marcos-rojo', fj], ['scorer', 'kenneth-omeruo', sb], ['scorer', 'gabriel-mercado', wy],
    ]);
  });

  // An event data set loaded first names the players its way ("Faustino Marcos Alberto Rojo"), and
  // a bench player only by its squad sheet (Acuña): Fjelstul, joining them later, re-keys them.
  it.each(permutations<DisputedLoad>(['fjelstul', 'wyscout', 'statsbomb']).map((order) => [order]))(
    'gives the same goals, disputes and graph when loaded as %j',
    async (order) => {
      const dump = await loadDisputed(order);
      expect(await disputedGoals()).toEqual(referenceGoals);
      expect(difference(dump, reference)).toEqual({ onlyFirst: [], onlySecond: [] });
    },
    300_000,
  );
});
