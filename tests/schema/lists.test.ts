import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver';
import { seedDatabase } from '../../src/ingest/seed';
import { resetDatabase, testGraph } from '../support/graph';
import { type GraphQLResponse, startTestApi, type TestApi } from './api';
import { tournamentFixture, writeFixture } from './tournament.fixture';

let graph: GraphClient;
let api: TestApi;

beforeAll(async () => {
  graph = testGraph();
  await resetDatabase(graph);
  await seedDatabase(graph);
  await writeFixture(graph, tournamentFixture(1902, 50));
  api = await startTestApi(graph);
});

afterAll(async () => {
  await api?.close();
  await graph?.close();
});

const MATCH_PAGE = `query ($filter: MatchFilter, $first: Int!, $after: String) {
  matches(filter: $filter, first: $first, after: $after) {
    totalCount
    edges { cursor node { id date } }
    nodes { id }
    pageInfo { hasNextPage endCursor }
  }
}`;

describe('matches', () => {
  it('pages through a tournament by date with cursors until hasNextPage is false', async () => {
    const seen: Array<{ id: string; date: string }> = [];
    const pageSizes: number[] = [];
    let after: string | null = null;
    for (;;) {
      const { data, errors }: GraphQLResponse = await api.query(MATCH_PAGE, { filter: { tournamentYear: 1902 }, first: 20, after });
      expect(errors).toBeUndefined();
      const page: any = data!.matches;
      expect(page.totalCount).toBe(50);
      expect(page.nodes.map((n: any) => n.id)).toEqual(page.edges.map((e: any) => e.node.id));
      expect(page.pageInfo.endCursor).toBe(page.edges.at(-1).cursor);
      seen.push(...page.edges.map((e: any) => e.node));
      pageSizes.push(page.edges.length);
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(pageSizes).toEqual([20, 20, 10]);
    expect(new Set(seen.map((m) => m.id)).size).toBe(50);
    const dates = seen.map((m) => m.date);
    expect(dates).toEqual([...dates].sort());
  });

  it('pages one match at a time through every match of a team exactly once, undated ones included', async () => {
    const all = await api.query(MATCH_PAGE, { filter: { teams: ['Argentina'] }, first: 100 });
    expect(all.errors).toBeUndefined();
    const expected: string[] = all.data!.matches.nodes.map((n: any) => n.id);
    expect(all.data!.matches.edges.some((e: any) => e.node.date === null)).toBe(true);
    const seen: string[] = [];
    let after: string | null = null;
    // Bounded: a cursor that does not advance would otherwise page forever.
    for (let page = 0; page <= expected.length; page++) {
      const { data, errors }: GraphQLResponse = await api.query(MATCH_PAGE, { filter: { teams: ['Argentina'] }, first: 1, after });
      expect(errors).toBeUndefined();
      seen.push(...data!.matches.nodes.map((n: any) => n.id));
      if (!data!.matches.pageInfo.hasNextPage) break;
      after = data!.matches.pageInfo.endCursor;
    }
    expect(seen).toEqual(expected);
  });

  it('refuses a page larger than 100, and a cursor it did not make, naming the argument', async () => {
    const tooMany = await api.query(MATCH_PAGE, { first: 101 });
    expect(tooMany.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'first', maximum: 100 });
    expect(tooMany.errors![0].message).toMatch(/at most|between 0 and 100/);

    const badCursor = await api.query(MATCH_PAGE, { first: 5, after: 'not-a-cursor' });
    expect(badCursor.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'after' });
  });

  it('with two teams, by name or id, lists their meetings; with one, its matches', async () => {
    const meetings = await api.query(MATCH_PAGE, { filter: { teams: ['argentina', 'England'] }, first: 10 });
    expect(meetings.errors).toBeUndefined();
    expect(meetings.data!.matches.nodes.map((n: any) => n.id)).toContain('wc-2026-men-semi-final-argentina-v-england');

    const byId = await api.query(`{ matches(filter: { teams: ["argentina-men"], tournamentYear: 2026 }, first: 20) {
      totalCount nodes { homeTeam { id } awayTeam { id } } } }`);
    expect(byId.errors).toBeUndefined();
    expect(byId.data!.matches.totalCount).toBeGreaterThan(1);
    for (const match of byId.data!.matches.nodes) {
      expect([match.homeTeam.id, match.awayTeam.id]).toContain('argentina-men');
    }

    const unknown = await api.query(MATCH_PAGE, { filter: { teams: ['Atlantis'] }, first: 10 });
    expect(unknown.data!.matches).toMatchObject({ totalCount: 0, nodes: [], pageInfo: { hasNextPage: false, endCursor: null } });

    const three = await api.query(MATCH_PAGE, { filter: { teams: ['a', 'b', 'c'] }, first: 10 });
    expect(three.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'filter.teams' });
  });

  it('are a connection on tournaments and teams too', async () => {
    const { data, errors } = await api.query(`{
      tournament(year: 1902) { year matches(first: 5) { totalCount pageInfo { hasNextPage } nodes { id } } }
      team(name: "Argentina") { matches(opponent: "England", first: 5) { totalCount nodes { id } } }
    }`);
    expect(errors).toBeUndefined();
    expect(data!.tournament.matches).toMatchObject({ totalCount: 50, pageInfo: { hasNextPage: true } });
    expect(data!.tournament.matches.nodes).toHaveLength(5);
    expect(data!.team.matches.nodes.map((n: any) => n.id)).toContain('wc-2026-men-semi-final-argentina-v-england');
  });
});

describe('players', () => {
  const PLAYER_PAGE = `query ($filter: PlayerFilter, $first: Int!, $after: String) {
    players(filter: $filter, first: $first, after: $after) {
      totalCount nodes { id name } pageInfo { hasNextPage endCursor }
    }
  }`;

  it('pages by name through a World Cup squad list', async () => {
    const first = await api.query(PLAYER_PAGE, { filter: { tournamentYear: 1902 }, first: 10 });
    expect(first.errors).toBeUndefined();
    expect(first.data!.players).toMatchObject({ totalCount: 18, pageInfo: { hasNextPage: true } });
    const second = await api.query(PLAYER_PAGE, {
      filter: { tournamentYear: 1902 },
      first: 10,
      after: first.data!.players.pageInfo.endCursor,
    });
    expect(second.data!.players.pageInfo.hasNextPage).toBe(false);
    const names = [...first.data!.players.nodes, ...second.data!.players.nodes].map((p: any) => p.name);
    expect(names).toHaveLength(18);
    expect(names).toEqual([...names].sort());
  });

  it('filters by part of a name, accents ignored, and by team', async () => {
    const { data, errors } = await api.query(`{
      byName: players(filter: { name: "fernandez" }) { nodes { id } }
      byTeam: players(filter: { team: "England", tournamentYear: 2026 }, first: 100) { totalCount nodes { id } }
    }`);
    expect(errors).toBeUndefined();
    expect(data!.byName.nodes.map((p: any) => p.id)).toContain('enzo-fernandez');
    expect(data!.byTeam.nodes.map((p: any) => p.id)).toEqual(expect.arrayContaining(['harry-kane', 'jordan-pickford']));
    expect(data!.byTeam.nodes.map((p: any) => p.id)).not.toContain('lionel-messi');
  });

  it('refuses more than 100 per page', async () => {
    const { errors } = await api.query(PLAYER_PAGE, { first: 500 });
    expect(errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'first' });
  });
});
