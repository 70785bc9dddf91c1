import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { openDataLocation } from '../../src/ingest/reading/data-location';
import { readFjelstul } from '../../src/ingest/sources/fjelstul/read';
import { formatImportSummary, importDataSet, type ImportSummary } from '../../src/ingest/history-import';
import { seedDatabase } from '../../src/ingest/seeds/load';
import { MalformedFileError } from '../../src/ingest/reading/validation';
import { startTestApi } from '../schema/api';
import { graphShape as shape, resetDatabase, seededTestGraph } from '../support/graph';

const FIXTURES = path.join(__dirname, '..', 'fixtures');
const importFixtures = async (graph: GraphClient, options: { force?: boolean } = {}) => [
  await importDataSet(graph, 'fjelstul', path.join(FIXTURES, 'fjelstul'), options),
  await importDataSet(graph, 'openfootball', path.join(FIXTURES, 'openfootball'), { ...options, years: [2022, 2026] }),
];


describe('importing the fixture folders over the seeds', () => {
  let graph: GraphClient;
  let summaries: ImportSummary[];

  beforeAll(async () => {
    graph = await seededTestGraph();
    summaries = await importFixtures(graph);
  }, 300_000);
  afterAll(() => graph.close());

  it('makes Messi of Fjelstul 2022, openfootball 2026 and the seed reports one player', async () => {
    const rows = await graph.read<{ id: string; birthDate: string; sources: string[]; tournaments: string[] }>(
      `MATCH (p:Person) WHERE 'lionel messi' IN p.nameKeys
       RETURN p.id AS id, p.birthDate AS birthDate,
              COLLECT { MATCH (p)-[:SOURCED_FROM]->(s) RETURN s.id ORDER BY s.id } AS sources,
              COLLECT { MATCH (p)-[:IN_SQUAD]->(:Entry)-[:IN_TOURNAMENT]->(t) RETURN t.id ORDER BY t.id } AS tournaments`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 'lionel-messi', birthDate: '1987-06-24', tournaments: ['wc-2018-men', 'wc-2022-men', 'wc-2026-men'] });
    expect(rows[0]!.sources).toEqual(expect.arrayContaining(['fjelstul-worldcup', 'openfootball-worldcup']));
  });

  it("reads 2022's stadiums file, which names no countries, and reports its stadiums as skipped", () => {
    const openfootball = summaries.find((s) => s.dataSet === 'openfootball')!;
    expect(openfootball.skipped).toEqual([{ what: 'stadiums without a country code', count: 2, reason: 'their venues come from Fjelstul' }]);
  });

  it('keeps every spelling of a merged person as an alias', async () => {
    const [enzo] = await graph.read<{ aliases: string[] }>(`MATCH (p:Person {id: 'enzo-fernandez'}) RETURN p.aliases AS aliases`);
    expect(enzo!.aliases).toEqual(expect.arrayContaining(['Enzo Fernández', 'Fernández, Enzo']));
    const [count] = await graph.read<{ n: number }>(`MATCH (p:Person) WHERE 'enzo fernandez' IN p.nameKeys RETURN count(p) AS n`);
    expect(count!.n).toBe(1);
  });

  it('merges the 2026 semi-final of openfootball into the seed match and keeps both minutes of the disputed goal', async () => {
    const [match] = await graph.read<{ n: number; home: string; goals: number }>(
      `MATCH (m:Match {id: 'wc-2026-men-semi-final-argentina-v-england'})-[:HOME_TEAM]->(home)
       RETURN count(m) AS n, collect(home.id)[0] AS home, COUNT { (:Goal)-[:IN_MATCH]->(m) } AS goals`,
    );
    expect(match).toEqual({ n: 1, home: 'england-men', goals: 3 });
    const assertions = await graph.read<{ value: string; preferred: boolean; source: string }>(
      `MATCH (:Goal {id: 'wc-2026-men-semi-final-argentina-v-england-goal-2'})-[:HAS_ASSERTION]->(a {field: 'minute'})-[:SOURCED_FROM]->(s)
       RETURN a.value AS value, a.preferred AS preferred, s.id AS source ORDER BY source`,
    );
    expect(assertions).toEqual([
      { value: '85', preferred: true, source: '000_10f36a323a73b675.txt' },
      { value: '85', preferred: true, source: '003_64d3008cb0b61a72.txt' },
      { value: '86', preferred: false, source: 'openfootball-worldcup' },
    ]);
    // Two reports against one data set: the node keeps the majority's minute.
    const [enzo] = await graph.read(`MATCH (g:Goal {id: 'wc-2026-men-semi-final-argentina-v-england-goal-2'}) RETURN g.minute AS minute`);
    expect(enzo).toEqual({ minute: 85 });
    // openfootball's 92' in a match without extra time is the reports' 90+2: no dispute.
    const [lautaro] = await graph.read(
      `MATCH (g:Goal {id: 'wc-2026-men-semi-final-argentina-v-england-goal-3'})<-[:SCORED]-(p)
       RETURN g.minute AS minute, g.addedTime AS addedTime, p.id AS scorer, COUNT { (g)-[:HAS_ASSERTION]->({field: 'minute'}) } AS disputes`,
    );
    expect(lautaro).toEqual({ minute: 90, addedTime: 2, scorer: 'lautaro-martinez', disputes: 0 });
    expect(summaries[1]!.conflicts.map((c) => `${c.subjectId}#${c.field}`)).toEqual(expect.arrayContaining([
      'wc-2026-men-semi-final-argentina-v-england-goal-2#minute',
      'wc-2022-men-final-argentina-v-france-goal-2#minute',
    ]));
  });

  it('imports extra time and shoot-outs, and prefers Fjelstul where the two data sets disagree', async () => {
    const [final] = await graph.read(
      `MATCH (m:Match {id: 'wc-2022-men-final-argentina-v-france'})
       RETURN m.homeScore AS homeScore, m.awayScore AS awayScore, m.homeScore90 AS homeScore90, m.extraTime AS extraTime,
              m.homePenalties AS homePenalties, m.awayPenalties AS awayPenalties, m.winnerTeamId AS winner,
              COUNT { (:Goal)-[:IN_MATCH]->(m) } AS goals, COUNT { (m)-[:SOURCED_FROM]->() } AS sources`,
    );
    expect(final).toEqual({
      homeScore: 3, awayScore: 3, homeScore90: 2, extraTime: true, homePenalties: 4, awayPenalties: 2, winner: 'argentina-men', goals: 6, sources: 2,
    });
    const [diMaria] = await graph.read(
      `MATCH (g:Goal {id: 'wc-2022-men-final-argentina-v-france-goal-2'})<-[:SCORED]-(p)
       RETURN g.minute AS minute, p.id AS scorer,
              COLLECT { MATCH (g)-[:HAS_ASSERTION]->(a {preferred: true})-[:SOURCED_FROM]->(s) RETURN s.id } AS preferredBy`,
    );
    expect(diMaria).toEqual({ minute: 36, scorer: 'angel-di-maria', preferredBy: ['fjelstul-worldcup'] });
    const [shootOut] = await graph.read(`MATCH (m:Match {id: 'wc-2026-men-round-of-32-germany-v-paraguay'}) RETURN m.winnerTeamId AS winner, m.awayPenalties AS p`);
    expect(shootOut).toEqual({ winner: 'paraguay-men', p: 4 });
  });

  it('pairs substitutions and times every appearance of the line-ups: extra time, substitutions and a red card', async () => {
    const subs = await graph.read(
      `MATCH (s:Substitution)-[:IN_MATCH]->(:Match {id: 'wc-2022-men-final-argentina-v-france'})
       MATCH (s)-[:PLAYER_ON]->(on) OPTIONAL MATCH (s)-[:PLAYER_OFF]->(off)
       RETURN on.id AS on, off.id AS off, s.minute AS minute, s.addedTime AS addedTime ORDER BY minute`,
    );
    expect(subs).toEqual([
      { on: 'marcos-acuna', off: 'angel-di-maria', minute: 64, addedTime: null },
      { on: 'lautaro-martinez', off: 'julian-alvarez', minute: 103, addedTime: null },
      { on: 'paulo-dybala', off: 'marcos-acuna', minute: 120, addedTime: 1 },
    ]);
    const played = await graph.read(
      `MATCH (p)-[r:PLAYED_IN]->(:Match {id: 'wc-2022-men-final-argentina-v-france'})
       RETURN p.id AS player, r.starter AS starter, r.shirtNumber AS shirt, r.position AS position,
              r.minuteOn AS on, r.minuteOff AS off, r.minutes AS minutes ORDER BY player`,
    );
    // The fixture's line-ups are cut down; Mbappé's red card at 20' is the fixture's own.
    expect(played).toEqual([
      { player: 'angel-di-maria', starter: true, shirt: 11, position: 'LW', on: 0, off: 64, minutes: 64 },
      { player: 'enzo-fernandez', starter: true, shirt: 24, position: 'CM', on: 0, off: null, minutes: 120 },
      { player: 'julian-alvarez', starter: true, shirt: 9, position: 'CF', on: 0, off: 103, minutes: 103 },
      { player: 'kylian-mbappe', starter: true, shirt: 10, position: 'CF', on: 0, off: 20, minutes: 20 },
      { player: 'lautaro-martinez', starter: false, shirt: 22, position: 'CF', on: 103, off: null, minutes: 17 },
      { player: 'lionel-messi', starter: true, shirt: 10, position: 'RW', on: 0, off: null, minutes: 120 },
      { player: 'marcos-acuna', starter: false, shirt: 8, position: 'LB', on: 64, off: 120, minutes: 56 },
      { player: 'paulo-dybala', starter: false, shirt: 21, position: 'FW', on: 120, off: null, minutes: 0 },
    ]);
  });

  it('shows both starting XIs of the 1986 quarter-final, through the API', async () => {
    const api = await startTestApi(graph);
    try {
      const response = await api.query(`{
        match(id: "wc-1986-men-quarter-final-argentina-v-england") {
          appearances { started shirtNumber position minuteOn minuteOff minutes player { name } team { id } }
        }
      }`);
      expect(response.errors).toBeUndefined();
      type Row = { started: boolean; shirtNumber: number; position: string; minuteOn: number | null; minuteOff: number | null; minutes: number; player: { name: string }; team: { id: string } };
      const appearances: Row[] = response.data!.match.appearances;
      const starters = (team: string) => appearances.filter((a) => a.started && a.team.id === team).map((a) => a.shirtNumber).sort((x, y) => x - y);
      expect(starters('argentina-men')).toEqual([2, 5, 7, 9, 10, 11, 12, 14, 16, 18, 19]);
      expect(starters('england-men')).toEqual([1, 2, 3, 4, 6, 10, 14, 16, 17, 18, 20]);
      const byName = new Map(appearances.map((a) => [a.player.name, a]));
      expect(byName.get('Peter Shilton')).toMatchObject({ started: true, position: 'GK', minuteOn: 0, minuteOff: null, minutes: 90 });
      expect(byName.get('Chris Waddle')).toMatchObject({ started: false, shirtNumber: 11, minuteOn: 69, minuteOff: null, minutes: 21 });
      expect(byName.get('Peter Reid')).toMatchObject({ started: true, minuteOff: 69, minutes: 69 });
      // The fixture sends Maradona off at 88' (a second yellow of its own making): 88 minutes.
      expect(byName.get('Diego Maradona')).toMatchObject({ started: true, shirtNumber: 10, minuteOff: 88, minutes: 88 });
      expect(appearances).toHaveLength(25);
    } finally {
      await api.close();
    }
  });

  it("counts a player's World Cup from the line-ups, and says where assists are unknown rather than 0", async () => {
    const api = await startTestApi(graph);
    try {
      const response = await api.query(`{
        player(id: "lionel-messi") {
          worldCupStats {
            tournamentYear appearances starts minutes goals assists
            assistCoverage { tournamentYear goals goalsWithAssistData sources { id } }
          }
        }
        maradona: player(id: "diego-maradona") { worldCupStats { tournamentYear appearances starts minutes } }
        assistCoverage(filter: { tournamentYears: [2022, 2026] }) { tournamentYear goals goalsWithAssistData tournament { id } }
      }`);
      expect(response.errors).toBeUndefined();
      const { player, maradona, assistCoverage } = response.data!;
      const byYear = new Map(player.worldCupStats.map((s: { tournamentYear: number }) => [s.tournamentYear, s]));
      // 2022: the fixture's final only, 120 minutes; no source of 2022 records assists, so no figure.
      expect(byYear.get(2022)).toMatchObject({ appearances: 1, starts: 1, minutes: 120, assists: null });
      expect((byYear.get(2022) as { assistCoverage: { goalsWithAssistData: number } }).assistCoverage.goalsWithAssistData).toBe(0);
      // 2026: the seed reports name his two assists in the semi-final.
      expect(byYear.get(2026)).toMatchObject({ assists: 2 });
      const coverage2026 = (byYear.get(2026) as { assistCoverage: { goals: number; goalsWithAssistData: number; sources: Array<{ id: string }> } }).assistCoverage;
      expect(coverage2026.goalsWithAssistData).toBe(3);
      expect(coverage2026.goals).toBeGreaterThan(3);
      expect(coverage2026.sources.map((s) => s.id)).toEqual(['000_10f36a323a73b675.txt', '003_64d3008cb0b61a72.txt']);
      expect(maradona.worldCupStats).toEqual([{ tournamentYear: 1986, appearances: 1, starts: 1, minutes: 88 }]);
      expect(assistCoverage.map((c: { tournament: { id: string }; goalsWithAssistData: number }) => [c.tournament.id, c.goalsWithAssistData]))
        .toEqual([['wc-2022-men', 0], ['wc-2026-men', 3]]);
    } finally {
      await api.close();
    }
  });

  it("keeps women's teams apart from men's: a women's match never counts in a men's head-to-head", async () => {
    const [women] = await graph.read(
      `MATCH (m:Match)-[:IN_TOURNAMENT]->(:Tournament {id: 'wc-2019-women'}), (m)-[:HOME_TEAM]->(home)
       RETURN home.id AS home, home.gender AS gender`,
    );
    expect(women).toEqual({ home: 'united-states-women', gender: 'WOMEN' });
    const headToHead = await graph.read<{ id: string }>(
      `MATCH (a:Team {id: 'argentina-men'})<-[:HOME_TEAM|AWAY_TEAM]-(m:Match)-[:HOME_TEAM|AWAY_TEAM]->(:Team {id: 'england-men'})
       RETURN m.id AS id ORDER BY id`,
    );
    expect(headToHead.map((r) => r.id)).toEqual([
      'wc-1986-men-quarter-final-argentina-v-england',
      'wc-2026-men-semi-final-argentina-v-england',
    ]);
    const teams = await graph.read<{ id: string }>(`MATCH (t:Team) WHERE t.id STARTS WITH 'united-states' OR t.id STARTS WITH 'usa' RETURN t.id AS id ORDER BY id`);
    expect(teams.map((t) => t.id)).toEqual(['united-states-men', 'united-states-women']);
  });

  it('merges a coach of the seeds and of Fjelstul, and credits Fjelstul as its licence asks', async () => {
    const [scaloni] = await graph.read(
      `MATCH (c:Coach) WHERE 'lionel scaloni' IN c.nameKeys RETURN count(c) AS n, collect(c.id)[0] AS id,
       COUNT { (:Coach {id: 'lionel-scaloni'})-[:MANAGED]->() } AS managed`,
    );
    expect(scaloni).toMatchObject({ n: 1, id: 'lionel-scaloni' });
    expect(scaloni!.managed).toBeGreaterThanOrEqual(2);
    const [source] = await graph.read(`MATCH (s:Source {id: 'fjelstul-worldcup'}) RETURN s.attribution AS attribution, s.licence AS licence`);
    expect(source!.attribution).toContain('© 2023 Joshua C. Fjelstul, Ph.D.');
    expect(source!.attribution).toContain('https://www.github.com/jfjelstul/worldcup');
    expect(source!.attribution).toContain('Modified');
    expect(source!.licence).toContain('https://creativecommons.org/licenses/by-sa/4.0/legalcode');
  });

  it('imports bookings in match order and awards, each player resolved like a scorer', async () => {
    const bookings = await graph.read(
      `MATCH (p)-[:BOOKED]->(b:Booking)-[:IN_MATCH]->(m:Match), (b)-[:FOR_TEAM]->(t)
       RETURN b.id AS id, p.id AS player, t.id AS team, b.card AS card, b.minute AS minute, b.addedTime AS addedTime,
              COLLECT { MATCH (b)-[:SOURCED_FROM]->(s) RETURN s.id } AS sources ORDER BY m.date, b.sequence`,
    );
    const final = 'wc-2022-men-final-argentina-v-france';
    expect(bookings).toEqual([
      { id: 'wc-1986-men-quarter-final-argentina-v-england-booking-1', player: 'diego-maradona', team: 'argentina-men', card: 'yellow', minute: 60, addedTime: null, sources: ['fjelstul-worldcup'] },
      { id: 'wc-1986-men-quarter-final-argentina-v-england-booking-2', player: 'diego-maradona', team: 'argentina-men', card: 'second-yellow', minute: 88, addedTime: null, sources: ['fjelstul-worldcup'] },
      { id: 'wc-2019-women-final-netherlands-v-united-states-booking-1', player: 'rose-lavelle', team: 'united-states-women', card: 'yellow', minute: 30, addedTime: null, sources: ['fjelstul-worldcup'] },
      { id: `${final}-booking-1`, player: 'kylian-mbappe', team: 'france-men', card: 'red', minute: 20, addedTime: null, sources: ['fjelstul-worldcup'] },
      { id: `${final}-booking-2`, player: 'enzo-fernandez', team: 'argentina-men', card: 'yellow', minute: 45, addedTime: 7, sources: ['fjelstul-worldcup'] },
      { id: `${final}-booking-3`, player: 'marcos-acuna', team: 'argentina-men', card: 'yellow', minute: 77, addedTime: null, sources: ['fjelstul-worldcup'] },
    ]);
    const awards = await graph.read(
      `MATCH (p)-[r:WON_AWARD]->(t:Tournament)
       RETURN t.id AS tournament, r.award AS award, p.id AS player, r.teamId AS team, r.shared AS shared, r.sources AS sources
       ORDER BY tournament, award`,
    );
    expect(awards).toEqual([
      { tournament: 'wc-1986-men', award: 'Golden Ball', player: 'diego-maradona', team: 'argentina-men', shared: false, sources: ['fjelstul-worldcup'] },
      { tournament: 'wc-1986-men', award: 'Golden Boot', player: 'gary-lineker', team: 'england-men', shared: false, sources: ['fjelstul-worldcup'] },
      { tournament: 'wc-2019-women', award: 'Golden Ball', player: 'megan-rapinoe', team: 'united-states-women', shared: false, sources: ['fjelstul-worldcup'] },
      { tournament: 'wc-2019-women', award: 'Golden Boot', player: 'megan-rapinoe', team: 'united-states-women', shared: false, sources: ['fjelstul-worldcup'] },
      { tournament: 'wc-2022-men', award: 'Golden Ball', player: 'lionel-messi', team: 'argentina-men', shared: false, sources: ['fjelstul-worldcup'] },
      { tournament: 'wc-2022-men', award: 'Golden Boot', player: 'kylian-mbappe', team: 'france-men', shared: false, sources: ['fjelstul-worldcup'] },
    ]);
  });

  it('serves bookings and awards through the API, one batched query per field', async () => {
    const api = await startTestApi(graph);
    try {
      const response = await api.query(`{
        final: tournament(year: 2022) {
          awards { award shared player { id } team { id } tournament { id } sources { id } }
          matches(first: 10) { nodes { id bookings { id sequence card minute addedTime period player { id } team { id } match { id } sources { id } } } }
        }
        maradona: player(id: "diego-maradona") {
          bookings(tournamentYears: [1986]) { id card }
          none: bookings(tournamentYears: [2022]) { id }
          awards { award tournament { id } sources { id } }
        }
      }`);
      expect(response.errors).toBeUndefined();
      const { final, maradona } = response.data!;
      expect(final.awards).toEqual([
        { award: 'GOLDEN_BALL', shared: false, player: { id: 'lionel-messi' }, team: { id: 'argentina-men' }, tournament: { id: 'wc-2022-men' }, sources: [{ id: 'fjelstul-worldcup' }] },
        { award: 'GOLDEN_BOOT', shared: false, player: { id: 'kylian-mbappe' }, team: { id: 'france-men' }, tournament: { id: 'wc-2022-men' }, sources: [{ id: 'fjelstul-worldcup' }] },
      ]);
      const finalMatch = final.matches.nodes.find((m: { id: string }) => m.id === 'wc-2022-men-final-argentina-v-france');
      expect(finalMatch.bookings.map((b: { player: { id: string } }) => b.player.id)).toEqual(['kylian-mbappe', 'enzo-fernandez', 'marcos-acuna']);
      expect(finalMatch.bookings[1]).toEqual({
        id: 'wc-2022-men-final-argentina-v-france-booking-2', sequence: 2, card: 'YELLOW', minute: 45, addedTime: 7, period: 'FIRST_HALF',
        player: { id: 'enzo-fernandez' }, team: { id: 'argentina-men' }, match: { id: 'wc-2022-men-final-argentina-v-france' },
        sources: [{ id: 'fjelstul-worldcup' }],
      });
      expect(maradona).toEqual({
        bookings: [
          { id: 'wc-1986-men-quarter-final-argentina-v-england-booking-1', card: 'YELLOW' },
          { id: 'wc-1986-men-quarter-final-argentina-v-england-booking-2', card: 'SECOND_YELLOW' },
        ],
        none: [],
        awards: [{ award: 'GOLDEN_BALL', tournament: { id: 'wc-1986-men' }, sources: [{ id: 'fjelstul-worldcup' }] }],
      });
      // Not an EXPLAIN compiling a look-ahead statement beside the request, were this shape asked for before (it reads nothing).
      const cypher = api.requests[0]!.map((event) => event.cypher).filter((c) => !c.startsWith('EXPLAIN'));
      expect(cypher.filter((c) => c.includes(':BOOKED]->(g:Booking)'))).toHaveLength(1);
      expect(cypher.filter((c) => c.includes('MATCH (b:Booking)-[:IN_MATCH]'))).toHaveLength(1);
      expect(cypher.filter((c) => c.includes('[r:WON_AWARD]->(t:Tournament {id: id})'))).toHaveLength(1);
    } finally {
      await api.close();
    }
  });

  it('imports referees and serves who refereed each match, both ways, with their sources', async () => {
    const [edge] = await graph.read<{ sources: string[]; refereeId: string }>(
      `MATCH (m:Match {id: 'wc-2022-men-final-argentina-v-france'})-[r:REFEREED_BY]->(:Referee {id: 'referee-szymon-marciniak'})
       RETURN r.sources AS sources, m.refereeId AS refereeId`,
    );
    expect(edge).toEqual({ sources: ['fjelstul-worldcup'], refereeId: 'referee-szymon-marciniak' });
    const api = await startTestApi(graph);
    try {
      const response = await api.query(`{
        tournament(year: 2022) { matches(first: 10) { nodes { id referees { id name country confederation aliases sources { id } } } } }
        marciniak: referee(id: "referee-szymon-marciniak") { name matches { id referees { id } } }
        frappart: node(id: "referee-stephanie-frappart") { __typename ... on Referee { name country matches { id } } }
        none: referee(id: "referee-nobody") { id }
      }`);
      expect(response.errors).toBeUndefined();
      const { tournament, marciniak, frappart, none } = response.data!;
      const referees = Object.fromEntries(tournament.matches.nodes.map((m: { id: string; referees: unknown[] }) => [m.id, m.referees]));
      expect(referees['wc-2022-men-final-argentina-v-france']).toEqual([{
        id: 'referee-szymon-marciniak', name: 'Szymon Marciniak', country: 'Poland', confederation: 'UEFA',
        aliases: ['Marciniak, Szymon', 'Szymon Marciniak'], sources: [{ id: 'fjelstul-worldcup' }],
      }]);
      expect(referees['wc-2022-men-group-stage-argentina-v-saudi-arabia']).toEqual([expect.objectContaining({ id: 'referee-victor-gomes', country: 'South Africa', confederation: 'CAF' })]);
      expect(marciniak).toEqual({
        name: 'Szymon Marciniak',
        matches: [{ id: 'wc-2022-men-final-argentina-v-france', referees: [{ id: 'referee-szymon-marciniak' }] }],
      });
      expect(frappart).toEqual({ __typename: 'Referee', name: 'Stéphanie Frappart', country: 'France', matches: [{ id: 'wc-2019-women-final-netherlands-v-united-states' }] });
      expect(none).toBeNull();
    } finally {
      await api.close();
    }
  });

  it('imports the kicks of a penalty shoot-out and serves them from the match, the player and by id, with their sources', async () => {
    const [edge] = await graph.read<{ sources: string[]; kick: Record<string, unknown> }>(
      `MATCH (:Person:Player {id: 'lionel-messi'})-[:TOOK]->(k:ShootoutKick)-[:IN_MATCH]->(:Match {id: 'wc-2022-men-final-argentina-v-france'}),
             (k)-[:SOURCED_FROM]->(s:Source)
       RETURN collect(s.id) AS sources, k {.id, .round, .converted, .sequence, .matchId, .teamId, .takerId} AS kick`,
    );
    expect(edge).toEqual({
      sources: ['fjelstul-worldcup'],
      kick: {
        id: 'wc-2022-men-final-argentina-v-france-kick-1', round: 1, converted: true, sequence: 1,
        matchId: 'wc-2022-men-final-argentina-v-france', teamId: 'argentina-men', takerId: 'lionel-messi',
      },
    });
    const api = await startTestApi(graph);
    try {
      const response = await api.query(`{
        match(id: "wc-2022-men-final-argentina-v-france") { shootoutKicks { id round converted taker { name } team { id } } }
        player(id: "lionel-messi") { shootoutKicks { match { id } sources { id } } }
        kick: shootoutKick(id: "wc-2022-men-final-argentina-v-france-kick-1") { round match { penalties { home away } } }
        none: shootoutKick(id: "no-such-kick") { id }
        other: match(id: "wc-1986-men-quarter-final-argentina-v-england") { shootoutKicks { id } }
      }`);
      expect(response.errors).toBeUndefined();
      expect(response.data).toEqual({
        match: { shootoutKicks: [{ id: 'wc-2022-men-final-argentina-v-france-kick-1', round: 1, converted: true, taker: { name: 'Lionel Messi' }, team: { id: 'argentina-men' } }] },
        player: { shootoutKicks: [{ match: { id: 'wc-2022-men-final-argentina-v-france' }, sources: [{ id: 'fjelstul-worldcup' }] }] },
        kick: { round: 1, match: { penalties: { home: 4, away: 2 } } },
        none: null,
        other: { shootoutKicks: [] },
      });
    } finally {
      await api.close();
    }
  });

  it('imports the confederations and serves each team\'s, both ways, with their sources', async () => {
    const [edge] = await graph.read<{ sources: string[]; confederationId: string; confederations: number }>(
      `MATCH (t:Team {id: 'argentina-men'})-[r:IN_CONFEDERATION]->(:Confederation {id: 'conmebol'})
       RETURN r.sources AS sources, t.confederationId AS confederationId, COUNT { (:Confederation) } AS confederations`,
    );
    expect(edge).toEqual({ sources: ['fjelstul-worldcup'], confederationId: 'conmebol', confederations: 6 });
    const api = await startTestApi(graph);
    try {
      const response = await api.query(`{
        team(id: "nigeria-men") { confederation confederationBody { id name code sources { id } } }
        confederations { id code teams { id } }
        afc: confederation(id: "afc") { name teams { id confederation confederationBody { code } } }
        concacaf: node(id: "concacaf") { __typename ... on Confederation { code teams { id } } }
        none: confederation(id: "fifa") { id }
      }`);
      expect(response.errors).toBeUndefined();
      const { team, confederations, afc, concacaf, none } = response.data!;
      expect(team).toEqual({
        confederation: 'CAF',
        confederationBody: { id: 'caf', name: 'Confederation of African Football', code: 'CAF', sources: [{ id: 'fjelstul-worldcup' }] },
      });
      expect(confederations.map((c: { code: string }) => c.code)).toEqual(['AFC', 'CAF', 'CONCACAF', 'OFC', 'CONMEBOL', 'UEFA']);
      const teams = Object.fromEntries(confederations.map((c: { id: string; teams: Array<{ id: string }> }) => [c.id, c.teams.map((t) => t.id)]));
      expect(teams.ofc).toEqual([]);
      expect(teams.conmebol).toContain('argentina-men');
      expect(teams.uefa).toEqual(['england-men', 'france-men', 'netherlands-women']);
      expect(afc).toEqual({
        name: 'Asian Football Confederation',
        // Qatar is in teams.csv, but in no match of the fixture: no team.
        teams: [{ id: 'saudi-arabia-men', confederation: 'AFC', confederationBody: { code: 'AFC' } }],
      });
      expect(concacaf).toEqual({ __typename: 'Confederation', code: 'CONCACAF', teams: [{ id: 'united-states-women' }] });
      expect(none).toBeNull();
    } finally {
      await api.close();
    }
  });

  it('rejects a malformed bookings row with file and line', async () => {
    const fixtures = openDataLocation(path.join(FIXTURES, 'fjelstul'));
    const bookings = await fixtures.readText('bookings.csv');
    const location = {
      ...fixtures,
      readText: async (file: string) => (file === 'bookings.csv' ? bookings.replace("45'+7',45,7", "45'+7',45,seven") : fixtures.readText(file)),
    };
    const failure = await readFjelstul(location).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MalformedFileError);
    expect((failure as MalformedFileError).message).toMatch(/fjelstul\/bookings\.csv:5: minute_stoppage: must be a whole number \(got "seven"\)/);
  });

  it('gives a Stage the same name and number whichever source wrote it last', async () => {
    const stages = () => graph.read(`MATCH (s:Stage)-[:OF_TOURNAMENT]->(:Tournament {id: 'wc-2026-men'}) RETURN s.id AS id, s.name AS name, s.order AS order ORDER BY id`);
    const afterImport = await stages();
    expect(afterImport).toContainEqual({ id: 'wc-2026-men-semi-final', name: 'Semi-final', order: 7 });
    await seedDatabase(graph);
    expect(await stages()).toEqual(afterImport);
  });

  it('changes nothing when the same folders are imported again, every row compared with the graph (--force)', async () => {
    const before = await shape(graph);
    const again = await importFixtures(graph, { force: true });
    expect(await shape(graph)).toEqual(before);
    expect(again.map((s) => s.created)).toEqual([{}, {}]);
    expect(again.map((s) => s.people.created)).toEqual([0, 0]);
    // Diff before write: not one row is sent again.
    expect(again.map((s) => s.written)).toEqual([{}, {}]);
  }, 300_000);

  it('only hashes the same folders imported again: no statement but the import records', async () => {
    const before = await shape(graph);
    const forced = await importFixtures(graph, { force: true });
    const statements: string[] = [];
    const again = await importFixtures(graph.observe((event) => statements.push(event.cypher)));
    expect(again.map((s) => s.unchanged)).toEqual([true, true]);
    // The rows and skips of the import that read the files, kept with its record.
    expect(again.map((s) => [s.rows, s.skipped])).toEqual(forced.map((s) => [s.rows, s.skipped]));
    expect(formatImportSummary(again[0]!)).toMatch(/^fjelstul: \d+ rows from .* the same files as its last import, nothing to do/);
    const applyingConstraints = /^(CREATE (CONSTRAINT|INDEX|FULLTEXT INDEX) |CALL db\.awaitIndexes)/;
    expect(statements.filter((cypher) => !applyingConstraints.test(cypher))).toEqual([
      expect.stringContaining('MATCH (r:ImportRecord {key: $key})'),
      expect.stringContaining('MATCH (r:ImportRecord {key: $key})'),
    ]);
    expect(await shape(graph)).toEqual(before);
  }, 300_000);

  it('rejects a malformed file with file, line and reason, and writes nothing of that import', async () => {
    await resetDatabase(graph);
    const before = await shape(graph);
    const failure = await importDataSet(graph, 'fjelstul', path.join(FIXTURES, 'fjelstul-malformed')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MalformedFileError);
    expect((failure as MalformedFileError).message).toMatch(/fjelstul-malformed\/goals\.csv:8: minute_regulation: must be a whole number \(got "forty-eight"\)/);
    expect(await shape(graph)).toEqual(before);
  }, 120_000);
});
