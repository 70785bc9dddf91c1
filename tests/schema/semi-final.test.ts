import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { testGraph } from '../support/graph';
import { seedTestGraph } from '../support/seeded-api';
import { startTestApi, type TestApi } from './api';

const SEMI_FINAL = 'wc-2026-men-semi-final-argentina-v-england';

let graph: GraphClient;
let api: TestApi;

beforeAll(async () => {
  graph = await seedTestGraph(testGraph());
  api = await startTestApi(graph);
});

afterAll(async () => {
  await api?.close();
  await graph?.close();
});

describe('the seeded 2026 semi-final through /graphql', () => {
  it('gives the score, teams, venue and both coaches', async () => {
    const { data, errors } = await api.query(`query ($id: ID!) {
      match(id: $id) {
        date stage homeScore awayScore extraTime penalties { home away }
        homeTeam { name } awayTeam { name } winner { id }
        tournament { year host }
        venue { name city { name } }
        coaches { coach { name } team { name } sources { id } }
      }
    }`, { id: SEMI_FINAL });
    expect(errors).toBeUndefined();
    expect(data!.match).toMatchObject({
      date: '2026-07-15',
      stage: 'SEMI_FINAL',
      homeTeam: { name: 'England' },
      awayTeam: { name: 'Argentina' },
      homeScore: 1,
      awayScore: 2,
      penalties: null,
      winner: { id: 'argentina-men' },
      tournament: { year: 2026 },
      venue: { name: 'Mercedes-Benz Stadium', city: { name: 'Atlanta' } },
    });
    expect(data!.match.coaches.map((c: any) => [c.team.name, c.coach.name]).sort()).toEqual([
      ['Argentina', 'Lionel Scaloni'],
      ['England', 'Thomas Tuchel'],
    ]);
    expect(data!.match.coaches[0].sources.length).toBeGreaterThan(0);
  });

  it('keeps an undated meeting in its year: the 1986 quarter-final (no date in the reports) comes before 2026', async () => {
    const { data, errors } = await api.query(`{
      headToHead(teamA: "Argentina", teamB: "England") { played winsA winsB meetings { id date } }
      matches(filter: { teams: ["Argentina", "England"] }) { nodes { id } }
    }`);
    expect(errors).toBeUndefined();
    const order = ['wc-1986-men-quarter-final-argentina-v-england', SEMI_FINAL];
    expect(data!.headToHead.meetings).toEqual([{ id: order[0], date: null }, { id: order[1], date: '2026-07-15' }]);
    expect(data!.matches.nodes.map((m: { id: string }) => m.id)).toEqual(order);
    // 1986 has a winner but no score in the reports: listed, not counted as played.
    expect(data!.headToHead).toMatchObject({ played: 1, winsA: 1, winsB: 0 });
  });

  it('gives the scorers, minutes and assisters of the three goals, with sources', async () => {
    const { data, errors } = await api.query(`query ($id: ID!) {
      match(id: $id) {
        goals { sequence minute addedTime scorer { name } assistedBy { name } team { id } penalty ownGoal sources { id } }
      }
    }`, { id: SEMI_FINAL });
    expect(errors).toBeUndefined();
    expect(
      data!.match.goals.map((g: any) => [g.sequence, g.minute, g.addedTime, g.scorer.name, g.assistedBy?.name, g.team.id]),
    ).toEqual([
      [1, 55, null, 'Anthony Gordon', 'Morgan Rogers', 'england-men'],
      [2, 85, null, 'Enzo Fernández', 'Lionel Messi', 'argentina-men'],
      [3, 90, 2, 'Lautaro Martínez', 'Lionel Messi', 'argentina-men'],
    ]);
    for (const goal of data!.match.goals) expect(goal.sources.length).toBeGreaterThan(0);
  });

  it('gives the substitutions with minutes, and the line-ups', async () => {
    const { data, errors } = await api.query(`query ($id: ID!) {
      match(id: $id) {
        substitutions { minute team { id } playerOn { name } playerOff { name } }
        appearances { starter minuteOn minuteOff player { name } team { id } sources { id } }
      }
    }`, { id: SEMI_FINAL });
    expect(errors).toBeUndefined();
    const subs = data!.match.substitutions.map((s: any) => [s.minute, s.team.id, s.playerOn.name, s.playerOff.name]);
    expect(subs).toContainEqual([81, 'argentina-men', 'Lautaro Martínez', 'Nicolás Tagliafico']);
    expect(subs).toContainEqual([64, 'argentina-men', 'Nicolás González', 'Leandro Paredes']);
    expect(subs).toContainEqual([72, 'england-men', 'Ezri Konsa', 'Anthony Gordon']);
    expect(subs.map((s: any[]) => s[0])).toEqual([...subs.map((s: any[]) => s[0])].sort((a, b) => a - b));
    const starters = data!.match.appearances.filter((a: any) => a.starter);
    expect(starters).toHaveLength(22);
    expect(data!.match.appearances.every((a: any) => a.sources.length > 0)).toBe(true);
  });

  it('gives sources and disputes on any entity through the Entity interface, node(id:) included', async () => {
    const ENTITY_PROVENANCE = `query ($id: ID!) { node(id: $id) { __typename ... on Entity { sources { id } disputes { field } } } }`;
    const final = await api.query(ENTITY_PROVENANCE, { id: 'wc-2026-men-final-argentina-v-spain' });
    expect(final.errors).toBeUndefined();
    expect(final.data!.node.__typename).toBe('Match');
    expect(final.data!.node.sources.length).toBeGreaterThan(0);
    expect(final.data!.node.disputes.map((d: any) => d.field)).toContain('city');

    const goal = await api.query(ENTITY_PROVENANCE, { id: `${SEMI_FINAL}-goal-1` });
    expect(goal.data!.node.disputes.map((d: any) => d.field)).toEqual(expect.arrayContaining(['minute', 'minuteWording']));

    const player = await api.query(ENTITY_PROVENANCE, { id: 'lionel-messi' });
    expect(player.data!.node).toMatchObject({ __typename: 'Player', sources: expect.arrayContaining([{ id: 'openfootball-worldcup' }]) });

    // A source states facts but is stated by none: its lists are empty, not an error.
    const source = await api.query(ENTITY_PROVENANCE, { id: 'openfootball-worldcup' });
    expect(source.errors).toBeUndefined();
    expect(source.data!.node).toEqual({ __typename: 'Source', sources: [], disputes: [] });
  });

  it('shows a disputed value with every version and its sources', async () => {
    const { data, errors } = await api.query(`{
      final: match(id: "wc-2026-men-final-argentina-v-spain") {
        disputes { field preferred versions { value preferred reason sources { id } } }
      }
    }`);
    expect(errors).toBeUndefined();
    const city = data!.final.disputes.find((d: any) => d.field === 'city');
    expect(city.preferred).toBe('New Jersey');
    expect(city.versions.map((v: any) => [v.value, v.preferred, v.sources.length > 0])).toEqual([
      ['New Jersey', true, true],
      ['New York', false, true],
    ]);
    expect(city.versions.every((v: any) => v.reason)).toBe(true);

    const semiFinal = await api.query(`{
      goal(id: "${SEMI_FINAL}-goal-1") { disputes { field preferred versions { value sources { id } } } }
    }`);
    expect(semiFinal.errors).toBeUndefined();
    const firstGoal = semiFinal.data!.goal;
    const wording = firstGoal.disputes.find((d: any) => d.field === 'minuteWording');
    expect(wording.versions.map((v: any) => [v.value, v.sources.map((s: any) => s.id)])).toEqual(
      expect.arrayContaining([
        ['midway through the second half', ['000_10f36a323a73b675.txt']],
        ['early in the second half', ['003_64d3008cb0b61a72.txt']],
      ]),
    );
    // Two reports stating the same minute are one version with both sources.
    const minute = firstGoal.disputes.find((d: any) => d.field === 'minute');
    expect(minute.preferred).toBe('55');
    expect(minute.versions).toHaveLength(1);
    expect(minute.versions[0].sources.map((s: any) => s.id).sort()).toEqual([
      '000_10f36a323a73b675.txt',
      '003_64d3008cb0b61a72.txt',
    ]);
  });

  it('resolves names without accents and through aliases, and lists candidates for an ambiguous one', async () => {
    const { data } = await api.query(`{
      enzo: player(name: "Enzo Fernandez") { id name }
      upper: player(name: "ENZO FERNÁNDEZ") { id }
      messi: player(name: "Messi") { id }
      team(name: "argentina") { id gender }
      coach(name: "Lionel Scaloni") { id teams { id } }
    }`);
    expect(data).toMatchObject({
      enzo: { id: 'enzo-fernandez', name: 'Enzo Fernández' },
      upper: { id: 'enzo-fernandez' },
      messi: { id: 'lionel-messi' },
      team: { id: 'argentina-men', gender: 'MEN' },
      coach: { id: 'lionel-scaloni', teams: [{ id: 'argentina-men' }] },
    });

    const ambiguous = await api.query(`{ player(name: "Martinez") { id } }`);
    expect(ambiguous.data).toEqual({ player: null });
    expect(ambiguous.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'name' });
    expect(ambiguous.errors![0].extensions!.candidates.map((c: any) => c.id)).toEqual(
      expect.arrayContaining(['emiliano-martinez', 'lautaro-martinez', 'lisandro-martinez']),
    );
  });

  it('answers null for an unknown id or name, not an error', async () => {
    const { data, errors } = await api.query(`{
      match(id: "wc-1900-men-final-a-v-b") { id }
      player(id: "nobody") { id }
      byName: player(name: "Nobody Atall") { id }
      team(name: "Atlantis") { id }
      tournament(year: 1901) { id }
    }`);
    expect(errors).toBeUndefined();
    expect(data).toEqual({ match: null, player: null, byName: null, team: null, tournament: null });
  });

  it('gives a player their goals, assists, whom they set up and World Cup figures', async () => {
    const { data, errors } = await api.query(`{
      player(name: "Lionel Messi") {
        assists(tournamentYears: [2026]) { match { id } scorer { name } }
        setUp { player { name } count }
        worldCupStats { tournamentYear assists appearances team { id } }
        teams { id }
      }
      lautaro: player(name: "Lautaro Martinez") { assistedBy { player { id } count goals { sequence } } goals { minute } }
    }`);
    expect(errors).toBeUndefined();
    expect(data!.player.assists.map((g: any) => g.scorer.name)).toEqual(
      expect.arrayContaining(['Enzo Fernández', 'Lautaro Martínez']),
    );
    expect(data!.player.worldCupStats).toContainEqual(
      expect.objectContaining({ tournamentYear: 2026, team: { id: 'argentina-men' } }),
    );
    expect(data!.lautaro.assistedBy).toContainEqual({ player: { id: 'lionel-messi' }, count: 1, goals: [{ sequence: 3 }] });
    expect(data!.lautaro.goals).toContainEqual({ minute: 90 });
  });

  it('quotes the speakers, who are players or coaches', async () => {
    const { data, errors } = await api.query(`query ($id: ID!) {
      match(id: $id) { quotes { text speaker { __typename name } sources { id } } }
    }`, { id: SEMI_FINAL });
    expect(errors).toBeUndefined();
    const speakers = new Map(data!.match.quotes.map((q: any) => [q.speaker.name, q.speaker.__typename]));
    expect(speakers.get('Lionel Scaloni')).toBe('Coach');
    expect(speakers.get('Lautaro Martínez')).toBe('Player');
    expect(speakers.get('Michael Buffer')).toBe('PublicFigure');
  });
});
