import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { importDataSet } from '../../src/ingest/history-import';
import { resetDatabase, testGraph } from '../support/graph';
import { rowsOf, tallyOf, type CsvRecord } from '../support/international-results-rows';
import { startTestApi, type TestApi } from './api';

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'international-results');
const WORLD_CUP = 'FIFA World Cup';

const results = rowsOf(FIXTURE, 'results.csv');
const fixtureKey = (row: CsvRecord) => `${row.date}|${row.home_team}|${row.away_team}`;

const RECORD = `query ($team: ID!, $scope: MatchScope, $before: LocalDate, $after: LocalDate, $predecessors: Boolean) {
  team(id: $team) {
    record(scope: $scope, before: $before, after: $after, includePredecessors: $predecessors) {
      played won drawn lost goalsFor goalsAgainst tournaments counted { id }
    }
  }
}`;

describe('records and leaderboards by scope, on real rows of the international results', () => {
  let graph: GraphClient;
  let api: TestApi;

  beforeAll(async () => {
    graph = testGraph();
    await resetDatabase(graph);
    await importDataSet(graph, 'international-results', FIXTURE, { force: true });
    api = await startTestApi(graph);
  }, 300_000);
  afterAll(async () => {
    await api?.close();
    await graph?.close();
  });

  const record = async (variables: Record<string, unknown>) => {
    const { data, errors } = await api.query(RECORD, variables);
    expect(errors).toBeUndefined();
    const { counted, tournaments, ...tally } = data!.team.record;
    return { tally, tournaments, counted: counted.map((team: { id: string }) => team.id) };
  };

  it("counts Argentina's World Cup matches by default, and every match of the file with scope ALL_MATCHES", async () => {
    const worldCup = await record({ team: 'argentina-men' });
    const all = await record({ team: 'argentina-men', scope: 'ALL_MATCHES' });
    expect(worldCup.tally).toEqual(tallyOf('Argentina', results.filter((r) => r.tournament === WORLD_CUP)));
    expect(all.tally).toEqual(tallyOf('Argentina', results));
    expect(all.tally.played).toBeGreaterThan(worldCup.tally.played);
    // The World Cups it played at are the same in either scope: the friendlies belong to none.
    expect(all.tournaments).toBe(worldCup.tournaments);
    expect(all.counted).toEqual(['argentina-men']);
  });

  it('counts only the matches between the dates, both exclusive', async () => {
    const [after, before] = ['1982-03-24', '2010-09-07'];
    const between = await record({ team: 'argentina-men', scope: 'ALL_MATCHES', after, before });
    expect(between.tally).toEqual(tallyOf('Argentina', results.filter((r) => r.date! > after && r.date! < before)));
  });

  it("counts West Germany's matches for Germany and names it, unless includePredecessors is false", async () => {
    const withLineage = await record({ team: 'germany-men', scope: 'ALL_MATCHES' });
    const alone = await record({ team: 'germany-men', scope: 'ALL_MATCHES', predecessors: false });
    const westGermany = await record({ team: 'west-germany-men', scope: 'ALL_MATCHES', predecessors: false });
    // The file files West Germany's matches under Germany: all of them are the lineage's.
    expect(withLineage.tally).toEqual(tallyOf('Germany', results));
    expect(withLineage.counted).toEqual(['germany-men', 'west-germany-men']);
    expect(alone.counted).toEqual(['germany-men']);
    expect(westGermany.tally.played).toBeGreaterThan(0);
    for (const figure of Object.keys(alone.tally) as string[]) {
      expect(alone.tally[figure] + westGermany.tally[figure], figure).toBe(withLineage.tally[figure]);
    }
  });

  it("answers a team's record and opponents asked under every match of a page as asked of the team itself, each argument apart", async () => {
    const fields = `
      all: record(scope: ALL_MATCHES) { played won drawn lost goalsFor goalsAgainst }
      worldCup: record { played won drawn lost goalsFor goalsAgainst }
      byPlayed: opponents { opponent { id } played won }
      byWon: opponents(sort: WON) { opponent { id } played won }`;
    const { data, errors } = await api.query(`{
      team(id: "argentina-men") { ${fields} }
      matches(filter: { teams: ["argentina-men"] }, first: 12) { nodes { homeTeam { id ${fields} } awayTeam { id ${fields} } } }
    }`);
    expect(errors).toBeUndefined();
    const own = data!.team;
    expect(own.all.played).toBeGreaterThan(own.worldCup.played);
    expect(own.byWon.map((r: { won: number }) => r.won)).toEqual(own.byWon.map((r: { won: number }) => r.won).sort((a: number, b: number) => b - a));
    expect(own.byWon).not.toEqual(own.byPlayed);
    const sides = data!.matches.nodes.flatMap((match: Record<string, { id: string }>) => [match.homeTeam, match.awayTeam]);
    const argentina = sides.filter((side: { id: string }) => side.id === 'argentina-men');
    expect(argentina).toHaveLength(12);
    for (const side of argentina) expect({ ...side, id: undefined }).toEqual({ ...own, id: undefined });
  });

  it('refuses an `after` that is not earlier than `before`, as BAD_USER_INPUT naming the argument', async () => {
    for (const query of [
      '{ team(id: "argentina-men") { record(after: "2000-01-01", before: "1990-01-01") { played } } }',
      '{ headToHead(teamA: "Argentina", teamB: "Germany", after: "2000-01-01", before: "2000-01-01") { played } }',
    ]) {
      const { errors } = await api.query(query);
      expect(errors?.map((e) => [e.extensions?.code, e.extensions?.argumentName])).toEqual([['BAD_USER_INPUT', 'after']]);
      expect(JSON.stringify(errors)).not.toContain('    at ');
    }
  });

  it("ranks England's scorers of every match with scope ALL_MATCHES, from the names the file gives, and none at World Cups", async () => {
    // The file's World Cup goals are left to the World Cup data sets, and a match states its goals
    // only where those with a minute give its score.
    const scores = new Map(results.map((r) => [fixtureKey(r), [+r.home_score!, +r.away_score!]]));
    const goalsOf = new Map<string, CsvRecord[]>();
    const worldCup = new Set(results.filter((r) => r.tournament === WORLD_CUP).map(fixtureKey));
    for (const goal of rowsOf(FIXTURE, 'goalscorers.csv').filter((g) => !worldCup.has(fixtureKey(g)))) {
      goalsOf.set(fixtureKey(goal), [...(goalsOf.get(fixtureKey(goal)) ?? []), goal]);
    }
    const counts = new Map<string, number>();
    for (const [match, goals] of goalsOf) {
      const home = goals.filter((g) => g.team === g.home_team).length;
      const [homeScore, awayScore] = scores.get(match)!;
      if (goals.some((g) => g.minute === 'NA') || home !== homeScore || goals.length - home !== awayScore) continue;
      for (const g of goals) if (g.team === 'England' && g.own_goal === 'FALSE') counts.set(g.scorer!, (counts.get(g.scorer!) ?? 0) + 1);
    }
    const expected = [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([name, value]) => ({ player: { name }, value }));
    expect(expected.length).toBeGreaterThan(1);

    const { data, errors } = await api.query(`{
      all: leaders(metric: GOALS, scope: ALL_MATCHES, filter: { team: "England" }, first: 100) { player { name } value }
      worldCup: leaders(metric: GOALS, filter: { team: "England" }, first: 100) { player { name } value }
    }`);
    expect(errors).toBeUndefined();
    expect(data!.all).toEqual(expected);
    expect(data!.worldCup).toEqual([]);
  });
});
