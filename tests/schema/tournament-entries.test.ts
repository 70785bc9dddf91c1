import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { resetDatabase, testGraph, writeFixture } from '../support/graph';
import { startTestApi, warmLookAhead, type TestApi } from './api';
import { tournamentFixture } from './tournament.fixture';

let graph: GraphClient;
let api: TestApi;

/**
 * Six group matches between teams A-F of 1903 (two points a win), scored so that the table needs
 * points, goal difference and goals scored, with a shoot-out that counts as a draw:
 * A 2-0 B, B 0-0 C, C 1-1 D, D 3-1 E, E 1-2 F, F 0-0 A (F on penalties).
 */
const SCORES: Array<[home: number, away: number]> = [[2, 0], [0, 0], [1, 1], [3, 1], [1, 2], [0, 0]];
const team = (letter: string) => `fixtureland-1903-${letter}-men`;

beforeAll(async () => {
  graph = testGraph();
  await resetDatabase(graph);
  const bundle = tournamentFixture(1903, SCORES.length);
  bundle.matches.forEach((match, n) => {
    const [home, away] = SCORES[n]!;
    Object.assign(match, { group: 'Group 1', homeScore: home, awayScore: away, winnerTeamId: home > away ? match.homeTeamId : away > home ? match.awayTeamId : null });
  });
  Object.assign(bundle.matches[5]!, { homePenalties: 4, awayPenalties: 3, winnerTeamId: bundle.matches[5]!.homeTeamId });
  await writeFixture(graph, bundle);
  await writeFixture(graph, tournamentFixture(1902, 50));
  api = await startTestApi(graph, { maxCost: 1_000_000, maxDepth: 20 });
});

afterAll(async () => {
  await api?.close();
  await graph?.close();
});

async function data(query: string, variables?: Record<string, unknown>) {
  const response = await api.query(query, variables);
  expect(response.errors).toBeUndefined();
  return response.data!;
}

describe('a tournament entry (a team at a World Cup)', () => {
  it('lists the teams of a tournament with squad, coach and group, from the records adapters write', async () => {
    const { tournament } = await data(`{ tournament(year: 1903) {
      stages { slug name order }
      teams { id team { name } tournament { year } group coaches { name }
        squad { player { name } shirtNumber position club sources { id } } } } }`);
    expect(tournament.stages).toEqual([{ slug: 'GROUP_STAGE', name: 'Group stage', order: 1 }]);
    expect(tournament.teams.map((entry: any) => entry.team.name)).toEqual(
      ['A', 'B', 'C', 'D', 'E', 'F'].map((letter) => `Fixtureland 1903 ${letter}`));
    const [a] = tournament.teams;
    expect(a).toMatchObject({ id: `wc-1903-men-${team('a')}`, tournament: { year: 1903 }, group: 'Group 1', coaches: [{ name: 'Coach of Fixtureland 1903 A' }] });
    expect(a.squad.map((member: any) => member.player.name)).toEqual([1, 2, 3].map((p) => `Player ${p} of Fixtureland 1903 A`));
    expect(a.squad[0].sources).toEqual([{ id: 'fixture-dataset' }]);
  });

  it('computes the group table: two points a win, a shoot-out a draw, then goal difference and goals', async () => {
    const { tournament } = await data(`{ tournament(year: 1903) { groups { name stage standings {
      position team { id } played won drawn lost goalsFor goalsAgainst goalDifference points } } } }`);
    expect(tournament.groups).toHaveLength(1);
    expect(tournament.groups[0]).toMatchObject({ name: 'Group 1', stage: 'GROUP_STAGE' });
    const line = (letter: string, played: number, won: number, drawn: number, lost: number, goalsFor: number, goalsAgainst: number, points: number) =>
      ({ team: { id: team(letter) }, played, won, drawn, lost, goalsFor, goalsAgainst, goalDifference: goalsFor - goalsAgainst, points });
    expect(tournament.groups[0].standings).toEqual([
      { position: 1, ...line('d', 2, 1, 1, 0, 4, 2, 3) },
      { position: 2, ...line('a', 2, 1, 1, 0, 2, 0, 3) },
      { position: 3, ...line('f', 2, 1, 1, 0, 2, 1, 3) },
      { position: 4, ...line('c', 2, 0, 2, 0, 1, 1, 2) },
      { position: 5, ...line('b', 2, 0, 1, 1, 0, 2, 1) },
      { position: 6, ...line('e', 2, 0, 0, 2, 2, 5, 0) },
    ]);
  });

  it("gives a team's tournaments, record, finish and opponents", async () => {
    const { team: a } = await data(`{ team(id: "${team('a')}") {
      tournaments { tournament { year } record { played won drawn lost } finish { position stage } }
      record { played won drawn lost goalsFor goalsAgainst tournaments titles finals bestFinish { position stage } bestFinishYears }
      finals: record(filter: { stages: [FINAL] }) { played }
      opponents { opponent { id } meetings played won drawn lost goalsFor goalsAgainst }
      byWins: opponents(sort: WON) { opponent { id } } } }`);
    expect(a.tournaments).toEqual([
      { tournament: { year: 1903 }, record: { played: 2, won: 1, drawn: 1, lost: 0 }, finish: { position: null, stage: 'GROUP_STAGE' } },
    ]);
    expect(a.record).toEqual({
      played: 2, won: 1, drawn: 1, lost: 0, goalsFor: 2, goalsAgainst: 0, tournaments: 1, titles: 0, finals: 0,
      bestFinish: { position: null, stage: 'GROUP_STAGE' }, bestFinishYears: [1903],
    });
    expect(a.finals).toEqual({ played: 0 });
    expect(a.opponents).toEqual([
      { opponent: { id: team('b') }, meetings: 1, played: 1, won: 1, drawn: 0, lost: 0, goalsFor: 2, goalsAgainst: 0 },
      { opponent: { id: team('f') }, meetings: 1, played: 1, won: 0, drawn: 1, lost: 0, goalsFor: 0, goalsAgainst: 0 },
    ]);
    expect(a.byWins.map((o: any) => o.opponent.id)).toEqual([team('b'), team('f')]);
  });

  it("gives headToHead each meeting's outcome by the same rules: a shoot-out is a draw", async () => {
    const { won, shootout } = await data(`{
      won: headToHead(teamA: "${team('a')}", teamB: "${team('b')}") { played winsA outcomesA }
      shootout: headToHead(teamA: "${team('a')}", teamB: "${team('f')}") { played draws outcomesA } }`);
    expect(won).toEqual({ played: 1, winsA: 1, outcomesA: ['WON'] });
    expect(shootout).toEqual({ played: 1, draws: 1, outcomesA: ['DRAWN'] });
  });

  it('is an Entity reachable by its id, with its sources', async () => {
    const { tournament } = await data(`{ tournament(year: 1903) { teams { id sources { id } } } }`);
    expect(tournament.teams[0].sources).toEqual([{ id: 'fixture-dataset' }]);
  });
});

/** Every new relation of a tournament, two and three levels down. */
const ENTRIES = `query ($year: Int!) { tournament(year: $year) {
  stages { name }
  teams { team { name } coaches { name } group record { played } finish { stage }
    squad { shirtNumber player { name teams { id } } } }
  groups { standings { points team { name } } } } }`;

describe('Cypher statements per request for entries and tables', () => {
  it('are the same few for 6 matches as for 50: one per loader per level', async () => {
    const counts = [];
    for (const year of [1903, 1902]) {
      await warmLookAhead(api, ENTRIES, { year });
      await data(ENTRIES, { year });
      counts.push(api.requests.at(-1)!.map((event) => event.cypher).sort());
    }
    // The tournament read ahead (its stages, its entries with their team, coaches, squad, players and
    // the players' teams); its group results; the entries' results. Level by level, these were 10.
    expect(counts[0]).toHaveLength(3);
    expect(counts[1]).toEqual(counts[0]);
  });
});
