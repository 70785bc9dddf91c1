import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver';
import { dumpDifference, dumpGraph } from '../../src/graph/graph-dump';
import { parseCsv } from '../../src/ingest/csv';
import { importHistory } from '../../src/ingest/history-import';
import { seedDatabase } from '../../src/ingest/seed';
import { resetDatabase, testGraph } from '../support/graph';
import { REAL_DATA_DIR } from '../support/real-data';

function csvRows(file: string): Array<Record<string, string>> {
  const [header, ...records] = parseCsv(readFileSync(path.join(REAL_DATA_DIR, 'fjelstul-worldcup', file), 'utf8'), file);
  return records.map((r) => Object.fromEntries(header!.fields.map((column, i) => [column, r.fields[i]!])));
}

describe(`the real data sets in ${REAL_DATA_DIR}`, () => {
  let graph: GraphClient;

  beforeAll(async () => {
    graph = testGraph();
    await resetDatabase(graph);
    await importHistory(graph, { dataDir: REAL_DATA_DIR });
  }, 600_000);
  afterAll(() => graph.close());

  it('holds as many tournaments, matches and goals as the files', async () => {
    const fixtures = JSON.parse(readFileSync(path.join(REAL_DATA_DIR, 'openfootball-worldcup', '2026', 'worldcup.json'), 'utf8')) as {
      matches: Array<{ goals1?: unknown[]; goals2?: unknown[] }>;
    };
    const [counts] = await graph.read(
      `RETURN COUNT { (:Tournament) } AS tournaments, COUNT { (:Match) } AS matches, COUNT { (:Goal) } AS goals`,
    );
    expect(counts).toEqual({
      tournaments: csvRows('tournaments.csv').length + 1,
      matches: csvRows('matches.csv').length + fixtures.matches.length,
      goals: csvRows('goals.csv').length + fixtures.matches.reduce((n, m) => n + (m.goals1?.length ?? 0) + (m.goals2?.length ?? 0), 0),
    });
  });

  it('holds as many bookings and award winners as the files', async () => {
    const [counts] = await graph.read(
      `RETURN COUNT { (:Player)-[:BOOKED]->(:Booking) } AS bookings, COUNT { (:Player)-[:WON_AWARD]->(:Tournament) } AS awardWinners`,
    );
    expect(counts).toEqual({ bookings: csvRows('bookings.csv').length, awardWinners: csvRows('award_winners.csv').length });
  });

  it("gives the men's head-to-head of Argentina and England as matches.csv has it", async () => {
    const rows = csvRows('matches.csv').filter((m) =>
      m.tournament_name!.includes("Men's") &&
      [m.home_team_name, m.away_team_name].sort().join() === 'Argentina,England');
    const goalsOf = (team: string) => rows.reduce((n, m) =>
      n + Number(m.home_team_name === team ? m.home_team_score : m.away_team_score), 0);
    const winsOf = (team: string) => rows.filter((m) =>
      (m.home_team_name === team && m.home_team_win === '1') || (m.away_team_name === team && m.away_team_win === '1')).length;
    const [h2h] = await graph.read(
      `MATCH (a:Team {id: 'argentina-men'})<-[:HOME_TEAM|AWAY_TEAM]-(m:Match)-[:HOME_TEAM|AWAY_TEAM]->(e:Team {id: 'england-men'}),
             (m)-[:IN_TOURNAMENT]->(t:Tournament) WHERE t.year <= 2022
       OPTIONAL MATCH (m)-[:HOME_TEAM]->(home)
       RETURN count(m) AS matches,
              sum(CASE m.winnerTeamId WHEN 'argentina-men' THEN 1 ELSE 0 END) AS argentinaWins,
              sum(CASE m.winnerTeamId WHEN 'england-men' THEN 1 ELSE 0 END) AS englandWins,
              sum(CASE home.id WHEN 'argentina-men' THEN m.homeScore ELSE m.awayScore END) AS argentinaGoals,
              sum(CASE home.id WHEN 'england-men' THEN m.homeScore ELSE m.awayScore END) AS englandGoals`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(h2h).toEqual({
      matches: rows.length,
      argentinaWins: winsOf('Argentina'),
      englandWins: winsOf('England'),
      argentinaGoals: goalsOf('Argentina'),
      englandGoals: goalsOf('England'),
    });
  });

  it("gives Messi's World Cup appearances per tournament as the record books have them, from the line-ups", async () => {
    const rows = await graph.read<{ year: number; appearances: number; starts: number }>(
      `MATCH (p:Player)-[r:PLAYED_IN]->(:Match)-[:IN_TOURNAMENT]->(t:Tournament) WHERE 'lionel messi' IN p.nameKeys
       RETURN t.year AS year, count(r) AS appearances, sum(CASE WHEN r.starter THEN 1 ELSE 0 END) AS starts ORDER BY year`,
    );
    expect(rows.map((r) => [r.year, r.appearances])).toEqual([[2006, 3], [2010, 5], [2014, 7], [2018, 4], [2022, 7]]);
    const [played] = await graph.read<{ timed: number; all: number }>(`RETURN COUNT { ()-[r:PLAYED_IN]->() WHERE r.minutes IS NOT NULL } AS timed, COUNT { ()-[:PLAYED_IN]->() } AS all`);
    // Every row of player_appearances.csv, plus the few substitutes it leaves out; all but three timed.
    expect(played!.all).toBeGreaterThanOrEqual(csvRows('player_appearances.csv').length);
    expect(played!.all - played!.timed).toBeLessThanOrEqual(3);
  });

  it("holds the 2018 assists of Wyscout on Fjelstul's goals, with their coverage", async () => {
    const [assists] = await graph.read(
      `MATCH (g:Goal)-[:IN_MATCH]->(:Match)-[:IN_TOURNAMENT]->(:Tournament {id: 'wc-2018-men'})
       RETURN count(g) AS goals, sum(CASE WHEN EXISTS { (:Player)-[:ASSISTED]->(g) } THEN 1 ELSE 0 END) AS assisted,
              sum(CASE WHEN EXISTS { (g)-[:SOURCED_FROM]->(:Source {id: 'wyscout-pappalardo-worldcup2018'}) } THEN 1 ELSE 0 END) AS cited`,
    );
    // Fjelstul's 169 goals; Wyscout's 169 matched to them (none added), 88 with an assister.
    expect(assists).toEqual({ goals: 169, assisted: 88, cited: 169 });
    const pairs = await graph.read<{ assister: string; scorer: string }>(
      `MATCH (a:Player)-[s:SET_UP]->(b:Player) WHERE s.matchId STARTS WITH 'wc-2018-men' RETURN a.name AS assister, b.name AS scorer`,
    );
    expect(pairs).toContainEqual({ assister: 'Éver Banega', scorer: 'Lionel Messi' });
    expect(pairs).toContainEqual({ assister: 'Harry Maguire', scorer: 'Harry Kane' });
  });

  it('keeps the substitution Wyscout does not list as a dispute of the count: South Korea v Germany, 6 against 5', async () => {
    const rows = await graph.read<{ match: string; value: string; preferred: boolean; sources: string[] }>(
      `MATCH (m:Match)-[:HAS_ASSERTION]->(a:Assertion {field: 'substitutionCount'})-[:SOURCED_FROM]->(s:Source)
       WHERE m.id STARTS WITH 'wc-2018-men'
       RETURN m.id AS match, a.value AS value, a.preferred AS preferred, collect(s.id) AS sources ORDER BY match, value`,
    );
    expect(rows).toContainEqual({ match: 'wc-2018-men-group-stage-germany-v-south-korea', value: '6', preferred: true, sources: ['fjelstul-worldcup'] });
    expect(rows).toContainEqual({ match: 'wc-2018-men-group-stage-germany-v-south-korea', value: '5', preferred: false, sources: ['wyscout-pappalardo-worldcup2018'] });
  });

  // Last: it adds the seeds to the graph the tests above count.
  it('leaves the whole graph as it was when the seeds are loaded again after an import, and the data sets after the seeds', async () => {
    await seedDatabase(graph);
    const seeded = await dumpGraph(graph);
    await importHistory(graph, { dataDir: REAL_DATA_DIR });
    const reimported = await dumpGraph(graph);
    expect(dumpDifference(reimported, seeded)).toEqual({ onlyFirst: [], onlySecond: [] });
    await seedDatabase(graph);
    expect(dumpDifference(await dumpGraph(graph), reimported)).toEqual({ onlyFirst: [], onlySecond: [] });
  }, 900_000);
});
