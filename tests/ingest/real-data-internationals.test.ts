import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { importDataSet, importHistory, type ImportSummary } from '../../src/ingest/history-import';
import { seedDatabase } from '../../src/ingest/seeds/load';
import { startTestApi, type TestApi } from '../schema/api';
import { resetDatabase, testGraph } from '../support/graph';
import { rowsOf, tallyOf } from '../support/international-results-rows';
import { REAL_DATA_DIR } from '../support/real-data';
import { describeSeedClaims } from './real-data-claims';

const RESULTS_DIR = path.join(REAL_DATA_DIR, 'international-results');

const HEAD_TO_HEAD = `query ($a: String!, $b: String!, $scope: MatchScope, $before: LocalDate, $predecessors: Boolean) {
  headToHead(teamA: $a, teamB: $b, scope: $scope, before: $before, includePredecessors: $predecessors) {
    played winsA draws winsB countedA { id } countedB { id }
    meetings { id date stage competition }
  }
}`;

// One build of the whole graph (the seeds, then the World Cup data sets, then the rest) for both
// describes below: an import of every shipped data set is the longest step of the integration tests.
let graph: GraphClient;
let api: TestApi;
let summaries: ImportSummary[];
let worldCupMatchesBefore: Array<{ year: number; matches: number }>;

const worldCupCounts = () => graph.read<{ year: number; matches: number }>(
  'MATCH (t:Tournament) RETURN t.year AS year, COUNT { (t)<-[:IN_TOURNAMENT]-(:Match) } AS matches ORDER BY t.id',
);

beforeAll(async () => {
  graph = testGraph();
  await resetDatabase(graph);
  await seedDatabase(graph);
  // The World Cup data sets first, to count each World Cup's matches before the results join them.
  for (const dataSet of ['fjelstul', 'openfootball'] as const) {
    await importDataSet(graph, dataSet, path.join(REAL_DATA_DIR, dataSet === 'fjelstul' ? 'fjelstul-worldcup' : 'openfootball-worldcup'));
  }
  worldCupMatchesBefore = await worldCupCounts();
  summaries = await importHistory(graph, { dataDir: REAL_DATA_DIR });
  api = await startTestApi(graph);
}, 900_000);
afterAll(async () => {
  await api?.close();
  await graph?.close();
});

describe('every international match, with the World Cup data sets and the seeds', () => {
  const headToHead = async (variables: Record<string, unknown>) => {
    const { data, errors } = await api.query(HEAD_TO_HEAD, variables);
    expect(errors).toBeUndefined();
    return data!.headToHead;
  };

  it('holds every match of results.csv once: the World Cup ones joined with the data sets\' own', async () => {
    const results = rowsOf(RESULTS_DIR, 'results.csv');
    const [{ matches, stated }] = await graph.read<{ matches: number; stated: number }>(
      `MATCH (s:Source {id: 'international-results'})
       RETURN COUNT { (m:Match) WHERE m.competition IS NOT NULL AND m.competition <> "FIFA Women's World Cup" } AS matches,
              COUNT { (m:Match)-[:SOURCED_FROM]->(s) } AS stated`,
    );
    expect(matches).toBe(results.length);
    expect(stated).toBe(results.length);
  });

  it('leaves every World Cup\'s match count as the World Cup data sets have it', async () => {
    expect(await worldCupCounts()).toEqual(worldCupMatchesBefore);
    expect(worldCupMatchesBefore.reduce((n, t) => n + t.matches, 0)).toBeGreaterThan(1000);
  });

  it('answers 14 meetings, 6-2-6, for Argentina v Spain in all competitions before 2026-07-15', async () => {
    const h2h = await headToHead({ a: 'Argentina', b: 'Spain', scope: 'ALL_MATCHES', before: '2026-07-15' });
    expect([h2h.played, h2h.winsA, h2h.draws, h2h.winsB]).toEqual([14, 6, 2, 6]);
    expect(new Set(h2h.meetings.map((m: any) => m.competition))).toContain('Friendly');
  });

  it('counts West Germany for Germany: 7 World Cup meetings with Argentina, the 1986 and 1990 finals among them', async () => {
    const h2h = await headToHead({ a: 'Germany', b: 'Argentina' });
    expect(h2h.played).toBe(7);
    expect(h2h.countedA.map((t: any) => t.id).sort()).toEqual(['germany-men', 'west-germany-men']);
    const finals = h2h.meetings.filter((m: any) => m.stage === 'FINAL').map((m: any) => m.date);
    expect(finals).toEqual(expect.arrayContaining(['1986-06-29', '1990-07-08']));
    const alone = await headToHead({ a: 'Germany', b: 'Argentina', predecessors: false });
    expect(alone.played).toBe(3);
    expect(alone.countedA.map((t: any) => t.id)).toEqual(['germany-men']);
  });

  it('still answers 6 World Cup meetings for Argentina v England', async () => {
    expect((await headToHead({ a: 'Argentina', b: 'England' })).played).toBe(6);
  });

  it("answers Argentina's and Germany's records as results.csv gives them, by scope and lineage, each one statement", async () => {
    // Before the 2026 World Cup, whose seeded matches the list does not hold alike.
    const before = '2026-06-01';
    const results = rowsOf(RESULTS_DIR, 'results.csv').filter((r) => r.date! < before);
    // W-D-L only: where two sources give a World Cup score differently, the graph's may be either's.
    const wdl = (team: string, rows: typeof results) => {
      const { played, won, drawn, lost } = tallyOf(team, rows);
      return { played, won, drawn, lost };
    };
    const started = api.requests.length;
    const { data, errors } = await api.query(`query ($before: LocalDate) {
      argentina: team(id: "argentina-men") {
        worldCup: record(before: $before) { played won drawn lost }
        all: record(scope: ALL_MATCHES, before: $before) { played won drawn lost counted { id } }
      }
      germany: team(id: "germany-men") {
        all: record(scope: ALL_MATCHES, before: $before) { played won drawn lost counted { id } }
        alone: record(scope: ALL_MATCHES, before: $before, includePredecessors: false) { played counted { id } }
      }
    }`, { before });
    expect(errors).toBeUndefined();
    const { counted: argentinaCounted, ...argentina } = data!.argentina.all;
    expect(data!.argentina.worldCup).toEqual(wdl('Argentina', results.filter((r) => r.tournament === 'FIFA World Cup')));
    expect(argentina).toEqual(wdl('Argentina', results));
    expect(argentinaCounted).toEqual([{ id: 'argentina-men' }]);
    const { counted: germanyCounted, ...germany } = data!.germany.all;
    // The list files West Germany's matches under Germany's name.
    expect(germany).toEqual(wdl('Germany', results));
    expect(germanyCounted.map((t: any) => t.id)).toEqual(['germany-men', 'west-germany-men']);
    expect(data!.germany.alone.counted).toEqual([{ id: 'germany-men' }]);
    expect(data!.germany.alone.played).toBeLessThan(germany.played);
    // The four records of the two teams are one statement.
    expect(api.requests.slice(started).flat().filter((event) => event.cypher.includes('MATCH (own:Team {id: id.team})'))).toHaveLength(1);
  });

  it("ranks the list's top scorer first in every competition, above the best World Cup scorer", async () => {
    const counts = new Map<string, number>();
    for (const goal of rowsOf(RESULTS_DIR, 'goalscorers.csv')) {
      if (goal.own_goal === 'FALSE') counts.set(goal.scorer!, (counts.get(goal.scorer!) ?? 0) + 1);
    }
    const [top] = [...counts].sort(([, a], [, b]) => b - a);
    const { data, errors } = await api.query(`{
      all: leaders(metric: GOALS, scope: ALL_MATCHES, filter: { gender: MEN }, first: 1) { player { name } value }
      worldCup: leaders(metric: GOALS, filter: { gender: MEN }, first: 1) { value }
    }`);
    expect(errors).toBeUndefined();
    expect(data!.all[0].player.name).toBe(top![0]);
    expect(data!.all[0].value).toBeGreaterThan(data!.worldCup[0].value);
    expect(data!.all[0].value).toBeLessThanOrEqual(top![1]);
  });

  it("gives a player's World Cup goals by default, and every international goal with scope ALL_MATCHES", async () => {
    const { data, errors } = await api.query(`{ player(id: "lionel-messi") {
      worldCup: goals { id match { tournament { year } } }
      all: goals(scope: ALL_MATCHES) { id match { competition tournament { year } } }
      at2022: goals(scope: ALL_MATCHES, tournamentYears: [2022]) { id }
    } }`);
    expect(errors).toBeUndefined();
    const { worldCup, all, at2022 } = data!.player;
    expect(worldCup).toHaveLength(21);
    expect(worldCup.every((goal: any) => goal.match.tournament !== null)).toBe(true);
    const [{ scored }] = await graph.read<{ scored: number }>(
      `RETURN COUNT { (:Player {id: 'lionel-messi'})-[:SCORED]->(g:Goal) WHERE NOT coalesce(g.ownGoal, false) } AS scored`,
    );
    expect(all).toHaveLength(scored);
    expect(all.length).toBeGreaterThan(60);
    expect(all.map((goal: any) => goal.id)).toEqual(expect.arrayContaining(worldCup.map((goal: any) => goal.id)));
    expect(new Set(all.filter((goal: any) => goal.match.tournament === null).map((goal: any) => goal.match.competition))).toContain('Copa América');
    expect(at2022).toHaveLength(7);
  });

  it('links predecessors with their periods: Soviet Union and CIS to Russia, Yugoslavia to Serbia', async () => {
    const { data, errors } = await api.query(`{
      russia: team(id: "russia-men") { predecessors { team { id successor { id } } from to } }
      serbia: team(id: "serbia-men") { predecessors { team { id } } }
    }`);
    expect(errors).toBeUndefined();
    expect(data!.russia.predecessors).toEqual([
      { team: { id: 'soviet-union-men', successor: { id: 'cis-men' } }, from: '1924-11-16', to: '1991-11-13' },
      { team: { id: 'cis-men', successor: { id: 'russia-men' } }, from: '1992-01-25', to: '1992-06-18' },
    ]);
    expect(data!.serbia.predecessors.map((p: any) => p.team.id).sort()).toEqual(['serbia-and-montenegro-men', 'yugoslavia-men']);
  });

  it('lists the matches of a competition, by edition', async () => {
    const { data, errors } = await api.query(`{
      matches(filter: { competition: "Copa América", from: "2021-06-01", to: "2021-07-31" }, first: 100) {
        totalCount nodes { competition edition tournament { id } }
      }
    }`);
    expect(errors).toBeUndefined();
    const copa2021 = rowsOf(RESULTS_DIR, 'results.csv')
      .filter((r) => r.tournament === 'Copa América' && r.date! >= '2021-06-01' && r.date! <= '2021-07-31');
    expect(data!.matches.totalCount).toBe(copa2021.length);
    expect(new Set(data!.matches.nodes.map((m: any) => `${m.competition}|${m.edition}|${m.tournament}`))).toEqual(new Set(['Copa América|Copa América 2021|null']));
  });

  it('reports the scorers it joined, created and left ambiguous, and writes nothing when imported again', async () => {
    const results = summaries.find((s) => s.dataSet === 'international-results')!;
    expect(results.people.merged).toBeGreaterThan(0);
    expect(results.people.created).toBeGreaterThan(0);
    const again = await importDataSet(graph, 'international-results', RESULTS_DIR, { force: true });
    expect(again.written).toEqual({});
  }, 300_000);
});

// The claims after the tests above: the last of them imports the results again, which must change nothing.
describeSeedClaims(() => api);
