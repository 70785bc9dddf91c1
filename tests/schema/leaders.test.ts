import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FactBundle } from '../../src/graph/model/bundle';
import type { GraphClient } from '../../src/graph/driver/driver';
import { competitionRanks } from '../../src/graph/read/analytics/match-results';
import { resetDatabase, testGraph, writeFixture } from '../support/graph';
import { startTestApi, type TestApi } from './api';
import { tournamentFixture } from './tournament.fixture';

let graph: GraphClient;
let api: TestApi;
let small: FactBundle;
let large: FactBundle;

beforeAll(async () => {
  graph = testGraph();
  await resetDatabase(graph);
  small = tournamentFixture(1901, 5);
  large = tournamentFixture(1902, 50);
  await writeFixture(graph, small);
  await writeFixture(graph, large);
  api = await startTestApi(graph);
});

afterAll(async () => {
  await api?.close();
  await graph?.close();
});

async function data(query: string) {
  const response = await api.query(query);
  expect(response.errors).toBeUndefined();
  return response.data!;
}

/** The expected board from the fixture's own records: count per player, best first, ties by name. */
function expectedBoard(bundle: FactBundle, credited: (bundle: FactBundle) => string[]) {
  const counts = new Map<string, number>();
  for (const id of credited(bundle)) counts.set(id, (counts.get(id) ?? 0) + 1);
  const name = (id: string) => bundle.people.find((person) => person.id === id)!.name;
  const rows = [...counts].sort(([a, x], [b, y]) => y - x || name(a).localeCompare(name(b)));
  const ranks = competitionRanks(rows.map(([, value]) => value));
  return rows.map(([id, value], index) => ({ rank: ranks[index], player: { name: name(id) }, value }));
}

describe('leaders', () => {
  it('ranks scorers of one World Cup as its goals say, ties sharing a rank', async () => {
    const { leaders } = await data('{ leaders(metric: GOALS, filter: { tournamentYears: [1902] }, first: 100) { rank player { name } team { id } value } }');
    const expected = expectedBoard(large, (b) => b.goals.map((goal) => goal.scorerId));
    expect(leaders.map(({ rank, player, value }: any) => ({ rank, player, value }))).toEqual(expected);
    expect(new Set(leaders.map((leader: any) => leader.rank)).size).toBeLessThan(leaders.length);
    expect(leaders[0].team.id).toMatch(/^fixtureland-1902-/);
  });

  it('counts assists, appearances and minutes from the same records', async () => {
    const { assists, appearances, minutes } = await data(`{
      assists: leaders(metric: ASSISTS, filter: { tournamentYears: [1901] }, first: 100) { rank player { name } value }
      appearances: leaders(metric: APPEARANCES, filter: { tournamentYears: [1901] }, first: 100) { rank player { name } value }
      minutes: leaders(metric: MINUTES, filter: { tournamentYears: [1901] }, first: 1) { player { name } value } }`);
    expect(assists).toEqual(expectedBoard(small, (b) => b.goals.flatMap((goal) => (goal.assistId ? [goal.assistId] : []))));
    expect(appearances).toEqual(expectedBoard(small, (b) => b.appearances.map((a) => a.playerId)));
    // Starters play 90 minutes in every match of the fixture.
    expect(minutes[0].value).toBe(90 * appearances[0].value);
  });

  it('filters by team and stage, and refuses a team that does not exist', async () => {
    const { leaders, none } = await data(`{
      leaders(metric: GOALS, filter: { team: "Fixtureland 1902 A", stage: GROUP_STAGE }, first: 5) { team { name } }
      none: leaders(metric: GOALS, filter: { stage: FINAL }) { value } }`);
    expect(leaders.length).toBeGreaterThan(0);
    expect(new Set(leaders.map((leader: any) => leader.team.name))).toEqual(new Set(['Fixtureland 1902 A']));
    expect(none).toEqual([]);
    const response = await api.query('{ leaders(metric: GOALS, filter: { team: "Atlantis" }) { value } }');
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'filter.team' });
  });

  it('runs the same 3 statements for 1 leader as for 100, and one per metric for aliases', async () => {
    const statements = async (query: string) => {
      await data(query);
      return api.requests.at(-1)!.length;
    };
    const board = (first: number) => `leaders(metric: GOALS, first: ${first}) { player { name } team { name } }`;
    expect(await statements(`{ ${board(1)} }`)).toBe(3);
    expect(await statements(`{ ${board(100)} }`)).toBe(3);
    expect(await statements(`{ a: ${board(5)} b: ${board(7)} c: leaders(metric: CARDS) { value } }`)).toBe(4);
  });
});
