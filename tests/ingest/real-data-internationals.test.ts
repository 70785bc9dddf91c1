import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver';
import { parseCsv } from '../../src/ingest/csv';
import { importDataSet, importHistory, type ImportSummary } from '../../src/ingest/history-import';
import { seedDatabase } from '../../src/ingest/seed';
import { startTestApi, type TestApi } from '../schema/api';
import { resetDatabase, testGraph } from '../support/graph';
import { REAL_DATA_DIR } from '../support/real-data';

const RESULTS_DIR = path.join(REAL_DATA_DIR, 'international-results');

function rowsOf(dir: string, file: string): Array<Record<string, string>> {
  const [header, ...records] = parseCsv(readFileSync(path.join(dir, file), 'utf8'), file);
  return records.map((r) => Object.fromEntries(header!.fields.map((column, i) => [column, r.fields[i]!])));
}

const HEAD_TO_HEAD = `query ($a: String!, $b: String!, $scope: MatchScope, $before: LocalDate, $predecessors: Boolean) {
  headToHead(teamA: $a, teamB: $b, scope: $scope, before: $before, includePredecessors: $predecessors) {
    played winsA draws winsB countedA { id } countedB { id }
    meetings { id date stage competition }
  }
}`;

describe('every international match, with the World Cup data sets and the seeds', () => {
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
