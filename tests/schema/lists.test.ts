import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { testGraph } from '../support/graph';
import { seedTestGraph } from '../support/seeded-api';
import { type GraphQLResponse, startTestApi, type TestApi } from './api';
import { tournamentFixture } from './tournament.fixture';

let graph: GraphClient;
let api: TestApi;

beforeAll(async () => {
  graph = await seedTestGraph(testGraph(), tournamentFixture(1902, 50));
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
      const { data, errors }: GraphQLResponse = await api.query(MATCH_PAGE, { filter: { tournamentYears: [1902] }, first: 20, after });
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

    const byId = await api.query(`{ matches(filter: { teams: ["argentina-men"], tournamentYears: [2026] }, first: 20) {
      totalCount nodes { homeTeam { id } awayTeam { id } } } }`);
    expect(byId.errors).toBeUndefined();
    expect(byId.data!.matches.totalCount).toBeGreaterThan(1);
    for (const match of byId.data!.matches.nodes) {
      expect([match.homeTeam.id, match.awayTeam.id]).toContain('argentina-men');
    }

    for (const team of ['Atlantis', 'atlantis-men']) {
      const unknown = await api.query(MATCH_PAGE, { filter: { teams: [team] }, first: 10 });
      expect(unknown.data!.matches).toMatchObject({ totalCount: 0, nodes: [], pageInfo: { hasNextPage: false, endCursor: null } });
    }

    const three = await api.query(MATCH_PAGE, { filter: { teams: ['a', 'b', 'c'] }, first: 10 });
    expect(three.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'filter.teams' });
  });

  it('take several World Cups in tournamentYears, any of them', async () => {
    const { data, errors } = await api.query(`{
      both: matches(filter: { tournamentYears: [1902, 2026] }) { totalCount }
      of1902: matches(filter: { tournamentYears: [1902] }) { totalCount }
      of2026: matches(filter: { tournamentYears: [2026] }) { totalCount }
    }`);
    expect(errors).toBeUndefined();
    expect(data!.of2026.totalCount).toBeGreaterThan(0);
    expect(data!.both.totalCount).toBe(data!.of1902.totalCount + data!.of2026.totalCount);
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

  it("on a tournament, list the root page's matches of its year in the same order, with the same cursors", async () => {
    // Each reads with a statement of its own (page.loaders.ts): a cursor of one must mean the same in the other.
    const page = 'first: 100) { totalCount edges { cursor node { id date } } }';
    for (const year of [1902, 1986, 2026]) {
      const { data, errors } = await api.query(`{
        root: matches(filter: { tournamentYears: [${year}] }, ${page}
        tournament(year: ${year}) { matches(${page} }
      }`);
      expect(errors).toBeUndefined();
      expect(data!.root.totalCount).toBeGreaterThan(0);
      expect(data!.tournament.matches).toEqual(data!.root);
    }
  });
});

describe('players', () => {
  const PLAYER_PAGE = `query ($filter: PlayerFilter, $first: Int!, $after: String) {
    players(filter: $filter, first: $first, after: $after) {
      totalCount nodes { id name } pageInfo { hasNextPage endCursor }
    }
  }`;

  it('pages by name through a World Cup squad list', async () => {
    const first = await api.query(PLAYER_PAGE, { filter: { tournamentYears: [1902] }, first: 10 });
    expect(first.errors).toBeUndefined();
    expect(first.data!.players).toMatchObject({ totalCount: 18, pageInfo: { hasNextPage: true } });
    const second = await api.query(PLAYER_PAGE, {
      filter: { tournamentYears: [1902] },
      first: 10,
      after: first.data!.players.pageInfo.endCursor,
    });
    expect(second.data!.players.pageInfo.hasNextPage).toBe(false);
    const names = [...first.data!.players.nodes, ...second.data!.players.nodes].map((p: any) => p.name);
    expect(names).toHaveLength(18);
    expect(names).toEqual([...names].sort());
  });

  it('reads every player by name, unfiltered, in the order and count of all players sorted by name and id', async () => {
    const sorted = (await graph.read<{ id: string }>('MATCH (p:Player) RETURN p.id AS id ORDER BY p.name, p.id')).map((row) => row.id);
    const ids: string[] = [];
    let after: string | null = null;
    for (;;) {
      const { data, errors }: GraphQLResponse = await api.query(PLAYER_PAGE, { first: 7, after });
      expect(errors).toBeUndefined();
      expect(data!.players.totalCount).toBe(sorted.length);
      ids.push(...data!.players.nodes.map((p: any) => p.id));
      if (!data!.players.pageInfo.hasNextPage) break;
      after = data!.players.pageInfo.endCursor;
    }
    expect(sorted.length).toBeGreaterThan(7 * 3);
    expect(ids).toEqual(sorted);
  });

  it('filters by part of a name, accents ignored, and by team', async () => {
    const { data, errors } = await api.query(`{
      byName: players(filter: { name: "fernandez" }) { nodes { id } }
      byTeam: players(filter: { team: "England", tournamentYears: [2026] }, first: 100) { totalCount nodes { id } }
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

/**
 * Walks a connection with `first` until `hasNextPage` is false and returns the ids in order; stops
 * after `totalCount + 1` pages, so a cursor that leads back to an earlier page fails instead of hanging.
 */
async function pageThrough(list: string, first: number): Promise<{ ids: string[]; totalCount: number }> {
  const path = list.replace(/\(.*?\)/g, '').split(/[\s{]+/).filter(Boolean);
  const query = `query ($first: Int!, $after: String) { ${list.replace('PAGE', 'first: $first, after: $after')} {
    totalCount edges { cursor node { id } } pageInfo { hasNextPage endCursor } } ${'}'.repeat(path.length - 1)} }`;
  const ids: string[] = [];
  let after: string | null = null;
  for (let pages = 0; ; pages += 1) {
    const { data, errors }: GraphQLResponse = await api.query(query, { first, after });
    expect(errors).toBeUndefined();
    const page: any = path.reduce((value: any, field) => value[field], data);
    expect(pages).toBeLessThanOrEqual(page.totalCount);
    ids.push(...page.edges.map((edge: any) => edge.node.id));
    if (!page.pageInfo.hasNextPage) return { ids, totalCount: page.totalCount };
    after = page.pageInfo.endCursor;
  }
}

describe('paging with first: 1', () => {
  const lists = [
    'matches(PAGE)',
    'matches(filter: { teams: ["Argentina"] }, PAGE)',
    'matches(filter: { tournamentYears: [2026] }, PAGE)',
    'players(PAGE)',
    'players(filter: { tournamentYears: [1902] }, PAGE)',
    'teams(PAGE)',
    'tournaments(PAGE)',
    'tournament(year: 2026) { matches(PAGE)',
    'team(name: "Argentina") { matches(PAGE)',
    'team(name: "Argentina") { matches(opponent: "England", PAGE)',
    'venue(id: "fixture-arena-1902") { matches(PAGE)',
  ];

  it.each(lists)('visits every item of %s once, undated ones included, in the order of one large page', async (list) => {
    const large = await pageThrough(list, 100);
    const single = await pageThrough(list, 1);
    expect(large.ids.length).toBe(large.totalCount);
    expect(large.totalCount).toBeGreaterThan(1);
    expect(single.ids).toEqual(large.ids);
  });

  it('walks past an undated match: the seeds hold one (1986), which sorts by its year', async () => {
    const { data } = await api.query(`{ matches(filter: { teams: ["Argentina"] }, first: 100) { nodes { id date } } }`);
    expect(data!.matches.nodes.some((match: any) => match.date === null)).toBe(true);
  });
});
