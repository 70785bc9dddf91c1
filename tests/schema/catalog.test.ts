import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyBundle, type FactBundle } from '../../src/graph/model/bundle';
import type { GraphClient } from '../../src/graph/driver/driver';
import { teamId, tournamentId } from '../../src/graph/model/identity';
import { FJELSTUL_SOURCE } from '../../src/ingest/sources/fjelstul/bundle';
import { testGraph } from '../support/graph';
import { seedTestGraph } from '../support/seeded-api';
import { type GraphQLResponse, startTestApi, type TestApi } from './api';
import { tournamentFixture } from './tournament.fixture';

let graph: GraphClient;
let api: TestApi;

/** A women's World Cup with a women's Argentina, as the Fjelstul importer would write it, under its Source. */
function womensFixture(): FactBundle {
  const bundle = emptyBundle();
  const sources = [FJELSTUL_SOURCE.id];
  bundle.sources.push(FJELSTUL_SOURCE);
  bundle.tournaments.push({ id: tournamentId(1991, 'WOMEN'), year: 1991, gender: 'WOMEN', name: '1991 FIFA Women’s World Cup', hosts: ['China'], sources });
  for (const [name, confederation] of [['Argentina', 'CONMEBOL'], ['Norway', 'UEFA']]) {
    bundle.teams.push({ id: teamId(name, 'WOMEN'), name, gender: 'WOMEN', confederation, aliases: [], sources });
  }
  return bundle;
}

beforeAll(async () => {
  graph = await seedTestGraph(testGraph(), tournamentFixture(1902, 12), womensFixture());
  api = await startTestApi(graph);
});

afterAll(async () => {
  await api?.close();
  await graph?.close();
});

/** Every page of a root connection, following `endCursor`; the page sizes say how it was cut. */
async function pageThrough(field: string, filterType: string, filter: object, first: number) {
  const query = `query ($filter: ${filterType}, $first: Int!, $after: String) {
    ${field}(filter: $filter, first: $first, after: $after) {
      totalCount edges { cursor node { id } } nodes { id name } pageInfo { hasNextPage endCursor }
    }
  }`;
  const nodes: Array<{ id: string; name: string }> = [];
  const pageSizes: number[] = [];
  const totalCounts = new Set<number>();
  let after: string | null = null;
  for (;;) {
    const { data, errors }: GraphQLResponse = await api.query(query, { filter, first, after });
    expect(errors).toBeUndefined();
    const page: any = data![field];
    expect(page.pageInfo.endCursor).toBe(page.edges.at(-1)?.cursor ?? null);
    nodes.push(...page.nodes);
    pageSizes.push(page.nodes.length);
    totalCounts.add(page.totalCount);
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  expect(totalCounts.size).toBe(1);
  return { nodes, pageSizes, totalCount: [...totalCounts][0] };
}

describe('teams', () => {
  it('pages by name with cursors until hasNextPage is false', async () => {
    const { nodes, pageSizes, totalCount } = await pageThrough('teams', 'TeamFilter', { gender: 'MEN' }, 4);
    expect(totalCount).toBeGreaterThan(8);
    expect(nodes).toHaveLength(totalCount);
    expect(new Set(nodes.map((team) => team.id)).size).toBe(totalCount);
    expect(pageSizes.slice(0, -1).every((size) => size === 4)).toBe(true);
    const names = nodes.map((team) => team.name);
    expect(names).toEqual([...names].sort());
    expect(nodes.map((team) => team.id)).toEqual(expect.arrayContaining(['argentina-men', 'england-men']));
  });

  it("keeps men's and women's teams apart, and filters by part of a name and by confederation", async () => {
    const { data, errors } = await api.query(`{
      men: teams(filter: { name: "argentina", gender: MEN }) { nodes { id gender } }
      women: teams(filter: { name: "ARGENTINA", gender: WOMEN }) { nodes { id gender } }
      both: teams(filter: { name: "argentina" }) { totalCount }
      fixture: teams(filter: { name: "fixtureland 1902" }) { totalCount }
      conmebol: teams(filter: { confederation: "conmebol" }, first: 100) { nodes { id confederation } }
    }`);
    expect(errors).toBeUndefined();
    expect(data!.men.nodes).toEqual([{ id: 'argentina-men', gender: 'MEN' }]);
    expect(data!.women.nodes).toEqual([{ id: 'argentina-women', gender: 'WOMEN' }]);
    expect(data!.both.totalCount).toBe(2);
    expect(data!.fixture.totalCount).toBe(6);
    expect(data!.conmebol.nodes.map((team: any) => team.id)).toEqual(expect.arrayContaining(['argentina-men', 'argentina-women']));
    expect(data!.conmebol.nodes.every((team: any) => team.confederation === 'CONMEBOL')).toBe(true);
  });
});

describe('tournaments', () => {
  it('pages by year with cursors, men and women apart', async () => {
    const men = await pageThrough('tournaments', 'TournamentFilter', { gender: 'MEN' }, 3);
    expect(men.nodes).toHaveLength(men.totalCount);
    expect(men.pageSizes.length).toBeGreaterThan(1);
    const { data, errors } = await api.query(`{
      men: tournaments(filter: { gender: MEN }, first: 100) { nodes { year gender } }
      women: tournaments(filter: { gender: WOMEN }) { nodes { id year host } }
      all: tournaments(first: 100) { totalCount }
    }`);
    expect(errors).toBeUndefined();
    const years = data!.men.nodes.map((tournament: any) => tournament.year);
    expect(years).toEqual([...years].sort((a, b) => a - b));
    expect(years).toEqual(expect.arrayContaining([1902, 1986, 2026]));
    expect(years).not.toContain(1991);
    expect(men.nodes.map((tournament) => tournament.id)).toEqual(data!.men.nodes.map((t: any) => tournamentId(t.year, 'MEN')));
    expect(data!.women.nodes).toEqual([{ id: 'wc-1991-women', year: 1991, host: 'China' }]);
    expect(data!.all.totalCount).toBe(men.totalCount + 1);
  });
});

it('teams and tournaments refuse a page larger than 100, and a cursor they did not make', async () => {
  for (const field of ['teams', 'tournaments']) {
    const tooMany = await api.query(`{ ${field}(first: 101) { totalCount } }`);
    expect(tooMany.errors![0].extensions, field).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'first', maximum: 100 });
    const badCursor = await api.query(`{ ${field}(first: 5, after: "not-a-cursor") { totalCount } }`);
    expect(badCursor.errors![0].extensions, field).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'after' });
  }
});

it('a venue lists its matches as a connection', async () => {
  const { data, errors } = await api.query(`{
    tournament(year: 1902) { matches(first: 1) { nodes { venue { matches(first: 5) { totalCount nodes { id } pageInfo { hasNextPage } } } } } }
  }`);
  expect(errors).toBeUndefined();
  const { matches } = data!.tournament.matches.nodes[0].venue;
  expect(matches).toMatchObject({ totalCount: 12, pageInfo: { hasNextPage: true } });
  expect(matches.nodes).toHaveLength(5);
});

describe('sources', () => {
  it('lists every source: the seeded reports with their titles, and the data sets with their licences', async () => {
    const { data, errors } = await api.query(`{ sources { id title kind publisher url licence attribution } }`);
    expect(errors).toBeUndefined();
    const byId = new Map<string, any>(data!.sources.map((source: any) => [source.id, source]));
    expect(byId.get('000_10f36a323a73b675.txt')).toMatchObject({ kind: 'REPORT', title: expect.stringContaining('Argentina 2-1 England') });
    expect(byId.get('003_64d3008cb0b61a72.txt')).toMatchObject({
      kind: 'REPORT',
      attribution: 'Key stats block based on ESPN Global Sports Research',
    });
    expect(byId.get('openfootball-worldcup')).toMatchObject({ kind: 'DATASET', licence: expect.stringMatching(/^CC0 1\.0 /) });
  });

  it('serves the Fjelstul attribution in the source list and on the facts it sourced', async () => {
    const { data, errors } = await api.query(`{
      sources { id licence attribution }
      team(name: "Norway", gender: WOMEN) { sources { id attribution } }
    }`);
    expect(errors).toBeUndefined();
    const fjelstul = data!.sources.find((source: any) => source.id === FJELSTUL_SOURCE.id);
    expect(fjelstul).toEqual({ id: FJELSTUL_SOURCE.id, licence: FJELSTUL_SOURCE.licence, attribution: FJELSTUL_SOURCE.attribution });
    expect(fjelstul.licence).toContain('CC-BY-SA 4.0');
    expect(fjelstul.attribution).toMatch(/Joshua C\. Fjelstul/);
    expect(data!.team.sources).toEqual([{ id: FJELSTUL_SOURCE.id, attribution: FJELSTUL_SOURCE.attribution }]);
  });
});
