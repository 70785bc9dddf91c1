import { graphql, type GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient, QueryEvent } from '../../src/graph/driver/driver';
import { createLoaders } from '../../src/graph/read/loaders/create-loaders';
import { LOOK_AHEAD_AFTER_REQUESTS, lookAheadCompilations } from '../../src/graph/read/loaders/look-ahead';
import { buildGraphQLSchema } from '../../src/schema/build-schema';
import { resetDatabase, testGraph, writeFixture } from '../support/graph';
import { tournamentFixture } from './tournament.fixture';

let graph: GraphClient;
let schema: GraphQLSchema;

beforeAll(async () => {
  graph = testGraph();
  await resetDatabase(graph);
  await writeFixture(graph, tournamentFixture(1901, 5));
  await writeFixture(graph, tournamentFixture(1902, 50));
  schema = await buildGraphQLSchema();
});

afterAll(async () => {
  await graph?.close();
});

/**
 * Executes in-process with this request's own loaders, with or without look-ahead, recording its
 * statements; `compiled` in the background (EXPLAINs of new look-ahead statements).
 */
async function execute(source: string, variables: Record<string, unknown>, lookAhead = true) {
  const statements: QueryEvent[] = [];
  const compiled: QueryEvent[] = [];
  const loaders = createLoaders(graph.observe((event) => statements.push(event)), {
    lookAhead,
    compiler: graph.observe((event) => compiled.push(event)),
  });
  const result = await graphql({ schema, source, variableValues: variables, contextValue: { loaders } });
  expect(result.errors).toBeUndefined();
  await lookAheadCompilations();
  return { data: result.data as Record<string, any>, statements, compiled };
}

/** `execute` once its look-ahead statements are compiled, as every request of a shape asked for often enough. */
async function run(source: string, variables: Record<string, unknown>, lookAhead = true) {
  if (lookAhead) for (let i = 0; i < LOOK_AHEAD_AFTER_REQUESTS; i++) await execute(source, variables);
  return execute(source, variables, lookAhead);
}

const CAREER = `query ($id: ID!) { player(id: $id) { name goals { minute match { date stage tournament { year } } } } }`;

/** Every relation the look-ahead table knows, some through fragments and aliases. */
const NESTED = `query ($year: Int!, $first: Int!) {
  matches(filter: { tournamentYears: [$year] }, first: $first) {
    totalCount
    edges { node { id venue { name city { name } } } }
    nodes {
      ...sides
      tournament { year winner { id } }
      goals { minute team { id } scorer { name goals { minute match { id } } } assistedBy { name } match { id } }
      appearances { starter player { name teams { id } } team { id } match { homeTeam { id } } }
      substitutions { minute playerOn { name } playerOff { name } team { id } }
      bookings { minute player { name } }
      coaches { coach { name matches { id } teams { id } } team { name } }
      quotes { text match { id } }
    }
  }
}
fragment sides on Match { home: homeTeam { name } awayTeam { name } winner { id } }`;

describe('Look-ahead', () => {
  it('reads level by level until a selection is asked for again, compiles its statement meanwhile, and reads ahead from then on', async () => {
    const variables = { year: 1902, first: 7 };
    // A selection no other test asks for: without the quotes.
    const query = NESTED.replace('quotes { text match { id } }', '');
    expect(query).not.toBe(NESTED);
    const once = await execute(query, variables);
    expect(once.compiled, 'a selection asked for once').toEqual([]);
    const first = await execute(query, variables);
    const byLevel = await execute(query, variables, false);
    for (const request of [once, first]) {
      expect(request.statements.map((s) => s.cypher).sort()).toEqual(byLevel.statements.map((s) => s.cypher).sort());
    }
    // One EXPLAIN, of the page with everything below it, with the request's parameters.
    expect(first.compiled).toHaveLength(1);
    expect(first.compiled[0]!.cypher).toMatch(/^EXPLAIN CALL \(\) \{\s+UNWIND \$ids\.items AS id/);
    expect(first.compiled[0]!.params).toEqual(first.statements[0]!.params);

    const later = await execute(query, variables);
    expect(later.compiled).toEqual([]);
    expect(later.statements).toHaveLength(1);
    expect(later.statements[0]!.cypher).toBe(first.compiled[0]!.cypher.replace(/^EXPLAIN /, ''));
    expect(later.data).toEqual(first.data);
    expect(first.data).toEqual(byLevel.data);
  });

  it("reads a player's goals with their matches and tournaments in one statement, for 2 goals as for 17", async () => {
    const few = await run(CAREER, { id: 'player-1-of-fixtureland-1901-a' });
    const many = await run(CAREER, { id: 'player-1-of-fixtureland-1902-a' });
    expect(few.data.player.goals.length).toBeLessThanOrEqual(2);
    expect(many.data.player.goals.length).toBeGreaterThanOrEqual(16);
    expect(many.data.player.goals[0].match.tournament.year).toBe(1902);

    expect(many.statements).toHaveLength(few.statements.length);
    expect(many.statements).toHaveLength(1);
    // Without look-ahead: the player, their goals, the matches, the tournaments.
    expect((await run(CAREER, { id: 'player-1-of-fixtureland-1902-a' }, false)).statements).toHaveLength(4);
  });

  it('reads only the columns the selection and the resolvers read, and answers as whole rows do', async () => {
    const id = 'player-1-of-fixtureland-1902-a';
    const cut = await run(CAREER, { id });
    const cypher = cut.statements[0]!.cypher;
    // The player's name, not their birth date or aliases; the goals' minute and match, and what
    // Player.goals filters on; the matches' date and stage; the tournaments' year. No labels: no
    // field of these types is an interface's.
    expect(cypher).toContain('RETURN id AS key, [n.id, n.name] AS value');
    expect(cypher).toMatch(/\[g\.id, g\.minute, coalesce\(g\.ownGoal, false\), g\.matchId, tournamentYear\]/);
    expect(cypher).toContain('RETURN id AS key, [n.id, n.date, n.stage, n.tournamentId] AS value');
    expect(cypher).toContain('RETURN id AS key, [n.id, n.year] AS value');
    expect(cypher).not.toContain('labels(');
    expect(cypher).not.toContain('birthDate');
    expect(cut.data).toEqual((await run(CAREER, { id }, false)).data);
    // The same player by a wider selection in the same request: each field gets the columns it reads.
    const wider = await run(`query ($id: ID!) { player(id: $id) { name } again: player(id: $id) { name birthDate aliases goals(includeOwnGoals: true) { minute ownGoal } } }`, { id });
    expect(wider.data.again).toEqual({ name: wider.data.player.name, birthDate: null, aliases: expect.any(Array), goals: expect.any(Array) });
    expect(wider.data.again.goals.length).toBeGreaterThanOrEqual(16);
  });

  it('answers as the loaders do level by level, in fewer statements, as many for 50 matches as for 5', async () => {
    const five = await run(NESTED, { year: 1901, first: 5 });
    const fifty = await run(NESTED, { year: 1902, first: 50 });
    const fiftyByLevel = await run(NESTED, { year: 1902, first: 50 }, false);

    expect(fifty.data.matches.nodes).toHaveLength(50);
    expect(fifty.data.matches.nodes.flatMap((m: any) => m.appearances)).toHaveLength(300);
    expect(fifty.data).toEqual(fiftyByLevel.data);
    expect(five.data).toEqual((await run(NESTED, { year: 1901, first: 5 }, false)).data);

    expect(fifty.statements.map((s) => s.cypher).sort()).toEqual(five.statements.map((s) => s.cypher).sort());
    expect(fifty.statements.length).toBeLessThan(fiftyByLevel.statements.length);
    // Pinned: the page with every relation in the table, then the levels the table stops at
    // (a scorer's and a coach's relations below the primed players and coaches are read ahead too).
    expect(fifty.statements).toHaveLength(1);
  });

  it("reads a line-up's players and a match's coaches in place, from the nodes its rows were read from", async () => {
    const query = `query ($year: Int!, $first: Int!) { matches(filter: { tournamentYears: [$year] }, first: $first) { nodes {
      appearances { starter player { name } team { id } } coaches { coach { name } team { name } } } } }`;
    const ahead = await run(query, { year: 1902, first: 50 });
    const byLevel = await run(query, { year: 1902, first: 50 }, false);
    expect(ahead.data).toEqual(byLevel.data);
    const appearances = ahead.data.matches.nodes.flatMap((m: any) => m.appearances);
    expect(appearances).toHaveLength(300);
    expect(appearances.every((a: any) => typeof a.player.name === 'string')).toBe(true);
    expect(ahead.data.matches.nodes.flatMap((m: any) => m.coaches).every((c: any) => typeof c.coach.name === 'string')).toBe(true);
    expect(ahead.statements).toHaveLength(1);
    // The players and coaches are read from the rows' own `p` and `c`, not sought again by id; the
    // teams (an id worked out from the entries, not a node the rows bind) still are.
    const [{ cypher }] = ahead.statements;
    expect(cypher).toContain('[p.id, p.name]]');
    expect(cypher).toContain('[c.id, c.name]]');
    expect(cypher).not.toContain('MATCH (n:Player {id: id})');
    expect(cypher).not.toContain('MATCH (n:Coach {id: id})');
    expect(cypher).toContain('MATCH (n:Team {id: id})');
    // Below a player read in place, a relation of the player's: the players are read as a list again.
    const deeper = await run(query.replace('player { name }', 'player { name teams { id } }'), { year: 1902, first: 50 });
    expect(deeper.statements[0]!.cypher).toContain('MATCH (n:Player {id: id})');
    expect(deeper.data.matches.nodes[0].appearances[0].player.teams.length).toBeGreaterThan(0);
  });

  it("reads ahead below a statement that reads nothing ahead: a head-to-head's meetings", async () => {
    const query = `query ($a: String!, $b: String!) { headToHead(teamA: $a, teamB: $b) { played meetings {
      date homeTeam { name } winner { id } tournament { year } goals { minute scorer { name goals { minute } } team { name } } } } }`;
    const teams = { a: 'fixtureland-1902-a-men', b: 'fixtureland-1902-b-men' };
    const ahead = await run(query, teams);
    const byLevel = await run(query, teams, false);
    expect(ahead.data).toEqual(byLevel.data);
    expect(ahead.data.headToHead.meetings.length).toBeGreaterThan(0);
    expect(ahead.data.headToHead.meetings.flatMap((m: any) => m.goals).length).toBeGreaterThan(0);
    // Pinned: teams given by id are read with the meetings, and the matches and all below them too.
    expect(ahead.statements).toHaveLength(1);
    expect(byLevel.statements.length).toBeGreaterThan(5);
    // By name, the teams are looked up first.
    const byName = await run(query, { a: 'Fixtureland 1902 A', b: 'Fixtureland 1902 B' });
    expect(byName.data).toEqual(ahead.data);
    expect(byName.statements).toHaveLength(2);
  });

  it('answers a head-to-head of teams given by id that never met, and refuses an unknown or repeated team, as by name', async () => {
    const query = `query ($a: String!, $b: String!) { headToHead(teamA: $a, teamB: $b) { played teamA { name } teamB { name } meetings { date } } }`;
    const never = await run(query, { a: 'fixtureland-1901-a-men', b: 'fixtureland-1902-a-men' });
    expect(never.data.headToHead).toEqual({ played: 0, teamA: { name: 'Fixtureland 1901 A' }, teamB: { name: 'Fixtureland 1902 A' }, meetings: [] });
    const refused = async (variables: Record<string, unknown>) => {
      const { errors } = await graphql({ schema, source: query, variableValues: variables, contextValue: { loaders: createLoaders(graph, { lookAhead: true }) } });
      return { code: errors?.[0]?.extensions?.code, message: errors?.[0]?.message };
    };
    expect(await refused({ a: 'fixtureland-1902-a-men', b: 'nowhere-men' })).toEqual({ code: 'BAD_USER_INPUT', message: expect.stringContaining('names no men\'s team: "nowhere-men"') });
    expect(await refused({ a: 'fixtureland-1902-a-men', b: 'Fixtureland 1902 A' })).toEqual({ code: 'BAD_USER_INPUT', message: expect.stringContaining('must be another team than Fixtureland 1902 A') });
  });

  it("answers null, not an error, for a team's head-to-head against itself, so a list of teams keeps its other rows", async () => {
    const query = `query ($a: ID!, $b: ID!, $opponent: String!) { a: team(id: $a) { headToHead(opponent: $opponent) { played } }
      b: team(id: $b) { headToHead(opponent: $opponent) { played } } }`;
    for (const opponent of ['fixtureland-1902-a-men', 'Fixtureland 1902 A']) {
      const { data, errors } = await graphql({
        schema,
        source: query,
        variableValues: { a: 'fixtureland-1902-a-men', b: 'fixtureland-1902-b-men', opponent },
        contextValue: { loaders: createLoaders(graph, { lookAhead: true }) },
      });
      expect(errors).toBeUndefined();
      expect(data).toEqual({ a: { headToHead: null }, b: { headToHead: { played: expect.any(Number) } } });
      expect((data as any).b.headToHead.played).toBeGreaterThan(0);
    }
  });

  it("reads an assist ranking's players and goals, and the goals' matches, in its own statement", async () => {
    const query = `query ($first: Int!) { assists(first: $first) { count assister { name } scorer { name goals { minute } }
      goals { minute match { date homeTeam { name } tournament { year } } } } }`;
    const five = await run(query, { first: 5 });
    const fifty = await run(query, { first: 50 });
    const byLevel = await run(query, { first: 50 }, false);
    expect(fifty.data).toEqual(byLevel.data);
    expect(fifty.data.assists.length).toBeGreaterThan(5);
    expect(fifty.data.assists.flatMap((link: any) => link.goals).length).toBe(fifty.data.assists.reduce((n: number, link: any) => n + link.count, 0));
    expect(fifty.statements).toHaveLength(1);
    expect(five.statements.map((s) => s.cypher)).toEqual(fifty.statements.map((s) => s.cypher));
    expect(byLevel.statements.length).toBeGreaterThan(3);
    // The assisters' names in place, from the pairs' own nodes; the scorers, with their goals below, as a list.
    expect(fifty.statements[0]!.cypher).toContain('[assister.id, assister.name]]');
    expect(fifty.statements[0]!.cypher).toContain('MATCH (n:Player {id: id})');
  });

  it('takes teams given by id as ids, starting with the page, and looks teams given by name up first', async () => {
    const query = `query ($teams: [String!]!) { matches(filter: { teams: $teams }, first: 20) { totalCount nodes { id homeTeam { name } } } }`;
    const byId = await execute(query, { teams: ['fixtureland-1902-a-men', 'fixtureland-1902-b-men'] });
    const byName = await execute(query, { teams: ['Fixtureland 1902 A', 'Fixtureland 1902 B'] });
    expect(byId.data).toEqual(byName.data);
    expect(byId.data.matches.totalCount).toBeGreaterThan(0);
    const isPage = (event: QueryEvent) => event.cypher.includes('(m:Match)');
    expect(byId.statements.findIndex(isPage)).toBe(0);
    expect(byName.statements.findIndex(isPage)).toBeGreaterThan(0);
    expect(byName.statements.length).toBeGreaterThan(byId.statements.length);
  });

  it("reads a tournament's entries ahead, with their teams, coaches, squads and players", async () => {
    const query = `query ($year: Int!) { tournament(year: $year) { stages { name } winner { name }
      teams { team { name } tournament { year } coaches { name } squad { shirtNumber player { name teams { id } } } } } }`;
    const ahead = await run(query, { year: 1902 });
    const byLevel = await run(query, { year: 1902 }, false);
    expect(ahead.data).toEqual(byLevel.data);
    expect(ahead.data.tournament.teams.flatMap((entry: any) => entry.squad).length).toBeGreaterThan(10);
    expect(ahead.statements).toHaveLength(1);
    expect(byLevel.statements.length).toBeGreaterThan(5);
  });

  it('primes nothing for fields it does not know: those resolve level by level as before', async () => {
    const query = `query ($id: ID!) { team(id: $id) { record { played } opponents { played opponent { name } } } }`;
    const ahead = await run(query, { id: 'fixtureland-1902-a-men' });
    const byLevel = await run(query, { id: 'fixtureland-1902-a-men' }, false);
    expect(ahead.data).toEqual(byLevel.data);
    expect(ahead.data.team.opponents[0].opponent.name).toMatch(/^Fixtureland 1902/);
    expect(ahead.statements).toHaveLength(byLevel.statements.length);
  });

  it("reads a player's awards, assist partners, World Cup stats and sources ahead", async () => {
    const query = `query ($id: ID!) { player(id: $id) {
      worldCupStats { goals team { name coaches { name } } }
      setUp { count player { name } goals { minute match { id } } }
      assistedBy { count player { name } }
      awards { award team { name } }
      sources { id title } } }`;
    const ahead = await run(query, { id: 'player-2-of-fixtureland-1902-a' });
    const byLevel = await run(query, { id: 'player-2-of-fixtureland-1902-a' }, false);
    expect(ahead.data).toEqual(byLevel.data);
    expect(ahead.data.player.worldCupStats[0]).toEqual({ goals: 0, team: { name: 'Fixtureland 1902 A', coaches: [{ name: 'Coach of Fixtureland 1902 A' }] } });
    expect(ahead.data.player.setUp[0].goals.length).toBeGreaterThan(0);
    expect(ahead.statements).toHaveLength(1);
    expect(byLevel.statements.length).toBeGreaterThan(4);
  });

  it("reads a node's page of matches by its arguments, literal or variables, as its resolver does", async () => {
    const query = `query ($id: ID!, $first: Int!, $after: String, $years: [Int!]) { team(id: $id) { name
      matches(first: $first, after: $after, tournamentYears: $years) { totalCount pageInfo { hasNextPage endCursor } nodes { date goals { minute } } } } }`;
    const id = 'fixtureland-1902-a-men';
    const first = await run(query, { id, first: 3, years: [1902] });
    expect(first.data).toEqual((await run(query, { id, first: 3, years: [1902] }, false)).data);
    expect(first.statements).toHaveLength(1);
    expect(first.data.team.matches.nodes).toHaveLength(3);
    // The next page, and another year's, by the same document's variables: the same statement, other parameters.
    const after = first.data.team.matches.pageInfo.endCursor;
    const next = await run(query, { id, first: 5, after, years: [1902] });
    expect(next.data).toEqual((await run(query, { id, first: 5, after, years: [1902] }, false)).data);
    expect(next.data.team.matches.nodes[0].date > first.data.team.matches.nodes[2].date).toBe(true);
    expect(next.statements.map((s) => s.cypher)).toEqual(first.statements.map((s) => s.cypher));
    const none = await run(query, { id, first: 5, years: [1901] });
    expect(none.data.team.matches).toEqual({ totalCount: 0, pageInfo: { hasNextPage: false, endCursor: null }, nodes: [] });
    expect(none.statements).toHaveLength(1);
  });

  it("reads a team's matches against an opponent by name, and aliases asking for different pages, level by level", async () => {
    const query = `query ($id: ID!) { team(id: $id) { name
      versus: matches(opponent: "Fixtureland 1902 B", first: 5) { totalCount nodes { date } } } }`;
    const ahead = await run(query, { id: 'fixtureland-1902-a-men' });
    expect(ahead.data).toEqual((await run(query, { id: 'fixtureland-1902-a-men' }, false)).data);
    expect(ahead.data.team.versus.totalCount).toBeGreaterThan(0);
    expect(ahead.statements.length).toBeGreaterThan(1);
    // Below a relation read ahead with few columns: the team's row still has what the opponent's look-up reads.
    const below = `query ($id: ID!) { player(id: $id) { name teams { code matches(opponent: "Fixtureland 1902 B", first: 5) { totalCount } } } }`;
    const belowAhead = await run(below, { id: 'player-1-of-fixtureland-1902-a' });
    expect(belowAhead.data).toEqual((await run(below, { id: 'player-1-of-fixtureland-1902-a' }, false)).data);
    expect(belowAhead.data.player.teams[0].matches.totalCount).toBe(ahead.data.team.versus.totalCount);
    const pages = `query ($id: ID!) { venue(id: $id) { name few: matches(first: 1) { nodes { date } } more: matches(first: 4) { nodes { date } } } }`;
    const twoPages = await run(pages, { id: 'fixture-arena-1902' });
    expect(twoPages.data).toEqual((await run(pages, { id: 'fixture-arena-1902' }, false)).data);
    expect(twoPages.data.venue.more.nodes).toHaveLength(4);
    expect(twoPages.statements).toHaveLength(2);
  });

  it("leaves a page's refused arguments to its field, which alone fails", async () => {
    const query = `{ venue(id: "fixture-arena-1902") { name matches(first: 101) { totalCount } } }`;
    for (let i = 0; i <= LOOK_AHEAD_AFTER_REQUESTS; i++) {
      const result = await graphql({ schema, source: query, contextValue: { loaders: createLoaders(graph) } });
      // The page is not nullable, so the venue goes null too; the error is the page's, not the venue's look-ahead's.
      expect(result.data).toEqual({ venue: null });
      expect(result.errors?.map((error) => error.path)).toEqual([['venue', 'matches']]);
      expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });

  /** Lists under lists under a page, from two roots, for `few` and `many` results. */
  const LISTS_UNDER_LISTS: Array<{ name: string; query: string; few: Record<string, unknown>; many: Record<string, unknown>; statements: number }> = [
    {
      name: 'pages of tournaments, their entries, squads, players and their teams',
      query: `query ($first: Int!) { tournaments(first: $first) { nodes { year teams { team { name coaches { name teams { name } } }
        squad { shirtNumber player { name teams { name } sources { id } } } } } } }`,
      few: { first: 1 },
      many: { first: 2 },
      statements: 1,
    },
    {
      name: "a team's entries and coaches, with each entry's squad and coaches",
      query: `query ($id: ID!) { team(id: $id) { name tournaments { tournament { year } squad { player { name appearances { starter match { id } } } } }
        coaches { name matches { date homeTeam { name } } } sources { id } } }`,
      few: { id: 'fixtureland-1901-a-men' },
      many: { id: 'fixtureland-1902-a-men' },
      statements: 1,
    },
    {
      // The venue's page of matches, keyed by its arguments, inside the venue's statement.
      name: "a venue's matches with their goals, scorers' teams, line-ups and coaches",
      query: `query ($id: ID!) { venue(id: $id) { name city { name } matches(first: 50) { totalCount nodes { date
        goals { minute scorer { name teams { name } } } appearances { player { name } } coaches { coach { name teams { name } } } } } } }`,
      few: { id: 'fixture-arena-1901' },
      many: { id: 'fixture-arena-1902' },
      statements: 1,
    },
    {
      name: "a team's entries, their tournaments and each tournament's matches with their goals",
      query: `query ($id: ID!) { team(id: $id) { tournaments { tournament { year matches(first: 40) { totalCount
        pageInfo { hasNextPage endCursor } edges { cursor node { date goals { minute scorer { name } } } } } } } } }`,
      few: { id: 'fixtureland-1901-a-men' },
      many: { id: 'fixtureland-1902-a-men' },
      statements: 1,
    },
  ];

  for (const { name, query, few, many, statements } of LISTS_UNDER_LISTS) {
    it(`sends as many statements for many results as for few: ${name}`, async () => {
      // A statement below another is asked for (and compiled) only once the one above reads ahead.
      for (let i = 1; i < statements * LOOK_AHEAD_AFTER_REQUESTS; i++) await execute(query, few);
      const small = await run(query, few);
      const large = await run(query, many);
      const byLevel = await run(query, many, false);
      expect(large.data).toEqual(byLevel.data);
      expect(JSON.stringify(large.data).length).toBeGreaterThan(1.5 * JSON.stringify(small.data).length);
      expect(small.statements).toHaveLength(statements);
      expect(large.statements).toHaveLength(statements);
      expect(byLevel.statements.length).toBeGreaterThan(statements + 2);
    });
  }
});
