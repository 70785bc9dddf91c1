import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { dumpDifference, dumpGraph } from '../../src/graph/read/graph-dump';
import { parseCsv } from '../../src/ingest/reading/csv';
import { DATA_SET_ADAPTERS, importHistory } from '../../src/ingest/history-import';
import { canonicalTeamName } from '../../src/ingest/team-names';
import { seedDatabase } from '../../src/ingest/seeds/load';
import { startTestApi, type TestApi } from '../schema/api';
import { resetDatabase, testGraph } from '../support/graph';
import { REAL_DATA_DIR } from '../support/real-data';

function csvRows(file: string): Array<Record<string, string>> {
  const [header, ...records] = parseCsv(readFileSync(path.join(REAL_DATA_DIR, 'fjelstul-worldcup', file), 'utf8'), file);
  return records.map((r) => Object.fromEntries(header!.fields.map((column, i) => [column, r.fields[i]!])));
}

/** group_standings.csv names stages its own way (here as the API's StageSlug); a team plays in one group per stage. */
const STAGE_OF_GROUP: Record<string, string> = {
  'group stage': 'GROUP_STAGE', 'first group stage': 'GROUP_STAGE', 'first round': 'GROUP_STAGE', 'second group stage': 'SECOND_GROUP_STAGE', 'final round': 'FINAL_ROUND',
};

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
      // World Cup matches and their goals: the international results add the other competitions' (real-data-internationals.test.ts).
      `RETURN COUNT { (:Tournament) } AS tournaments, COUNT { (:Match)-[:IN_TOURNAMENT]->() } AS matches,
              COUNT { (:Goal)-[:IN_MATCH]->(:Match)-[:IN_TOURNAMENT]->() } AS goals`,
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

  it('gives every match its referee as referee_appearances.csv has it: Szymon Marciniak refereed the 2022 final', async () => {
    const [counts] = await graph.read(
      `RETURN COUNT { (:Referee) } AS referees, COUNT { (:Match)-[:REFEREED_BY]->(:Referee) } AS refereed,
              head(COLLECT { MATCH (:Match {id: 'wc-2022-men-final-argentina-v-france'})-[:REFEREED_BY]->(r:Referee) RETURN r.name }) AS finalReferee`,
    );
    expect(counts).toEqual({
      referees: csvRows('referees.csv').length, refereed: csvRows('referee_appearances.csv').length, finalReferee: 'Szymon Marciniak',
    });
  });

  it('holds every penalty shoot-out kick of penalty_kicks.csv: in 1998 Argentina v England, Crespo missed and so did Ince and Batty', async () => {
    const [counts] = await graph.read(
      `RETURN COUNT { (:Player)-[:TOOK]->(:ShootoutKick)-[:IN_MATCH]->(:Match) } AS kicks,
              COLLECT { MATCH (k:ShootoutKick {matchId: 'wc-1998-men-round-of-16-argentina-v-england'})<-[:TOOK]-(p)
                        WHERE NOT k.converted RETURN p.name + ' ' + k.round ORDER BY k.sequence } AS missed`,
    );
    expect(counts).toEqual({ kicks: csvRows('penalty_kicks.csv').length, missed: ['Hernán Crespo 2', 'Paul Ince 2', 'David Batty 5'] });
  });

  it('puts every team in its confederation as teams.csv has it: Australia in the AFC', async () => {
    const [counts] = await graph.read(
      `RETURN COUNT { (:Confederation) } AS confederations,
              COUNT { (t:Team) WHERE 'fjelstul-worldcup' IN t.sources AND NOT (t)-[:IN_CONFEDERATION]->(:Confederation) } AS fjelstulTeamsWithout,
              head(COLLECT { MATCH (:Team {id: 'australia-men'})-[:IN_CONFEDERATION]->(c:Confederation) RETURN c.code }) AS australia`,
    );
    expect(counts).toEqual({ confederations: csvRows('confederations.csv').length, fjelstulTeamsWithout: 0, australia: 'AFC' });
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

  describe('through the API', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(graph, { maxCost: 1_000_000 });
    });
    afterAll(() => api.close());

    async function data(query: string) {
      const response = await api.query(query);
      expect(response.errors).toBeUndefined();
      return response.data!;
    }

    it('names Mbappé the top scorer of 2022 with 8, as goals.csv counts', async () => {
      const counts = new Map<string, number>();
      for (const goal of csvRows('goals.csv').filter((g) => g.tournament_id === 'WC-2022' && g.own_goal === '0')) {
        counts.set(`${goal.given_name} ${goal.family_name}`, (counts.get(`${goal.given_name} ${goal.family_name}`) ?? 0) + 1);
      }
      const best = Math.max(...counts.values());
      const { leaders } = await data('{ leaders(metric: GOALS, filter: { tournamentYears: [2022] }, first: 3) { rank player { name } team { name } value } }');
      expect(best).toBe(8);
      expect(leaders[0]).toEqual({ rank: 1, player: { name: 'Kylian Mbappé' }, team: { name: 'France' }, value: best });
      expect(leaders[1].value).toBe([...counts.values()].sort((a, b) => b - a)[1]);
    });

    it('computes every group table of every World Cup as group_standings.csv has it, and 2022 positions too', async () => {
      const { tournaments } = await data(`{ tournaments(first: 100) { nodes { year gender groups { stage standings {
        position team { name } played won drawn lost goalsFor goalsAgainst points } } } } }`);
      const computed = tournaments.nodes.flatMap((t: any) => t.groups.flatMap((g: any) => g.standings.map((s: any) =>
        ({ key: `${t.year} ${t.gender} ${g.stage} ${s.team.name}`, position: s.position, figures: [s.played, s.won, s.drawn, s.lost, s.goalsFor, s.goalsAgainst, s.points] }))));
      const byKey = new Map(computed.map((row: any) => [row.key, row]));
      const expected = csvRows('group_standings.csv').map((row) => ({
        key: `${row.tournament_name!.slice(0, 4)} ${row.tournament_name!.includes("Women's") ? 'WOMEN' : 'MEN'} ${STAGE_OF_GROUP[row.stage_name!]} ${canonicalTeamName(row.team_name!)}`,
        position: Number(row.position),
        figures: [row.played, row.wins, row.draws, row.losses, row.goals_for, row.goals_against, row.points].map(Number),
      }));
      const differing = expected.filter((row) => JSON.stringify((byKey.get(row.key) as any)?.figures) !== JSON.stringify(row.figures));
      // Known and not yet explained (left for a follow-up): the 1950 final round and two 2015 women's lines.
      expect(differing.map((row) => row.key)).toEqual([
        '1950 MEN FINAL_ROUND Uruguay', '1950 MEN FINAL_ROUND Brazil', '1950 MEN FINAL_ROUND Sweden', '1950 MEN FINAL_ROUND Spain',
        '2015 WOMEN GROUP_STAGE Cameroon', '2015 WOMEN GROUP_STAGE Ecuador',
      ]);
      const of2022 = expected.filter((row) => row.key.startsWith('2022 MEN'));
      expect(of2022).toHaveLength(32);
      expect(of2022.map((row) => (byKey.get(row.key) as any).position)).toEqual(of2022.map((row) => row.position));
    });

    it("lists Brazil's 1970 squad as squads.csv does, shirt numbers and lines included", async () => {
      const rows = csvRows('squads.csv').filter((row) => row.tournament_id === 'WC-1970' && row.team_name === 'Brazil');
      const { team } = await data(`{ team(name: "Brazil") { tournaments { tournament { year } coaches { name } group
        squad { shirtNumber position player { name } } } } }`);
      const entry = team.tournaments.find((e: any) => e.tournament.year === 1970);
      expect(entry.squad).toHaveLength(rows.length);
      expect(entry.squad.map((m: any) => [m.shirtNumber, m.position])).toEqual(
        rows.map((row) => [Number(row.shirt_number), row.position_code]).sort(([a], [b]) => Number(a) - Number(b)));
      expect(entry.squad.find((m: any) => m.shirtNumber === 10).player.name).toBe('Pelé');
      expect(entry.coaches.map((c: any) => c.name)).toEqual(['Mário Zagallo']);
      expect(entry.group).toBe('Group 3');
    });

    it("gives England's men's record as matches.csv has it: W-D-L (shoot-outs drawn), goals, one title", async () => {
      const matches = csvRows('matches.csv').filter((m) => m.tournament_name!.includes("Men's") && [m.home_team_name, m.away_team_name].includes('England'));
      const side = (m: Record<string, string>) => (m.home_team_name === 'England' ? ['home', 'away'] : ['away', 'home']);
      const goals = (m: Record<string, string>, which: string) => Number(m[`${which}_team_score`]);
      const expected = {
        played: matches.length,
        won: matches.filter((m) => m.penalty_shootout === '0' && goals(m, side(m)[0]!) > goals(m, side(m)[1]!)).length,
        lost: matches.filter((m) => m.penalty_shootout === '0' && goals(m, side(m)[0]!) < goals(m, side(m)[1]!)).length,
        goalsFor: matches.reduce((n, m) => n + goals(m, side(m)[0]!), 0),
        goalsAgainst: matches.reduce((n, m) => n + goals(m, side(m)[1]!), 0),
      };
      const { team } = await data(`{ team(name: "England") {
        record(filter: { tournamentYears: [${[...new Set(matches.map((m) => Number(m.tournament_name!.slice(0, 4))))].join(', ')}] }) {
          played won drawn lost goalsFor goalsAgainst titles finals bestFinish { position stage } bestFinishYears }
        opponents(filter: { tournamentYears: [${[...new Set(matches.map((m) => Number(m.tournament_name!.slice(0, 4))))].join(', ')}] }) {
          opponent { name } played } } }`);
      expect(team.record).toEqual({
        ...expected, drawn: expected.played - expected.won - expected.lost, titles: 1, finals: 1,
        bestFinish: { position: 1, stage: 'FINAL' }, bestFinishYears: [1966],
      });
      const met = new Set(matches.map((m) => canonicalTeamName(m.home_team_name === 'England' ? m.away_team_name! : m.home_team_name!)));
      expect(team.opponents).toHaveLength(met.size);
      expect(team.opponents.reduce((n: number, o: any) => n + o.played, 0)).toBe(matches.length);
    });
  });

  // Last: it adds the seeds to the graph the tests above count.
  it('leaves the whole graph as it was when the seeds are loaded again after an import, and the data sets after the seeds', async () => {
    await seedDatabase(graph);
    const seeded = await dumpGraph(graph);
    // Forced, so every row is compared rather than stopped by the import records.
    const summaries = await importHistory(graph, { dataDir: REAL_DATA_DIR, force: true });
    const reimported = await dumpGraph(graph);
    expect(dumpDifference(reimported, seeded)).toEqual({ onlyFirst: [], onlySecond: [] });
    // Diff before write: all shipped data, imported again over the seeds, sends not one row.
    expect(summaries.map((summary) => summary.written)).toEqual(DATA_SET_ADAPTERS.map(() => ({})));
    await seedDatabase(graph);
    expect(dumpDifference(await dumpGraph(graph), reimported)).toEqual({ onlyFirst: [], onlySecond: [] });
  }, 900_000);
});
