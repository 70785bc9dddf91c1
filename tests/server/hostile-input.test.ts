import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_QUERY_LIMITS } from '../../src/config';
import type { GraphClient } from '../../src/graph/driver/driver';
import { MAX_STRING_LENGTH, MAX_WORDS } from '../../src/schema/argument-bounds';
import type { TestGraphQLServer } from '../support/graphql-server';
import { startSeededHistoryApi } from '../support/seeded-api';

/** Hostile-traffic findings: bad arguments are the client's error, named, and cost no Cypher. */
describe('hostile and careless arguments (production mode, men and women loaded)', () => {
  let graph: GraphClient;
  let api: TestGraphQLServer;

  beforeAll(async () => {
    ({ graph, api } = await startSeededHistoryApi());
  });
  afterAll(async () => {
    await api?.close();
    await graph?.close();
  });

  async function expectRefused(query: string, argumentName: string, variables?: Record<string, unknown>) {
    const before = api.queries.length;
    const { status, body } = await api.post(query, variables);
    expect(status).toBeLessThan(500);
    expect(body.errors).toHaveLength(1);
    expect(body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName });
    expect(body.errors![0].message).toContain(`"${argumentName}"`);
    return { cypherRun: api.queries.length - before, body };
  }

  const tooLong = 'x'.repeat(MAX_STRING_LENGTH + 1);
  // The attack of finding 4: a 900 kB name of many words, each a full-text term.
  const hugeManyWords = 'messi '.repeat(150_000);
  const manyWords = Array.from({ length: MAX_WORDS + 1 }, (_, i) => `w${i}`).join(' ');

  it.each([
    ['{ player(name: $s) { id } }', 'name', hugeManyWords],
    ['{ player(name: $s) { id } }', 'name', manyWords],
    ['{ coach(name: $s) { id } }', 'name', tooLong],
    ['{ team(id: $s) { id } }', 'id', tooLong],
    ['{ match(id: $s) { id } }', 'id', tooLong],
    ['{ goal(id: $s) { id } }', 'id', tooLong],
    ['{ search(text: $s) { id } }', 'text', hugeManyWords],
    ['{ search(text: $s) { id } }', 'text', manyWords],
    ['{ path(from: $s, to: "lionel-messi") { length } }', 'from', tooLong],
    ['{ headToHead(teamA: "Argentina", teamB: $s) { played } }', 'teamB', manyWords],
    ['{ players(filter: { name: $s }) { totalCount } }', 'filter.name', tooLong],
    ['{ players(after: $s) { totalCount } }', 'after', tooLong],
    ['{ teams(filter: { confederation: $s }) { totalCount } }', 'filter.confederation', tooLong],
    ['{ matches(filter: { teams: ["Argentina", $s] }) { totalCount } }', 'filter.teams', tooLong],
    ['{ matches(filter: { from: $s }) { totalCount } }', 'filter.from', tooLong],
    ['{ assists(filter: { scorer: $s }) { count } }', 'filter.scorer', hugeManyWords],
    ['{ team(id: "argentina-men") { matches(opponent: $s) { totalCount } } }', 'opponent', tooLong],
    ['{ team(id: "argentina-men") { headToHead(opponent: $s) { played } } }', 'opponent', manyWords],
  ])('%s with a bad string -> BAD_USER_INPUT naming %s, before any Cypher', async (selection, argumentName, value) => {
    const query = selection.replace('$s', JSON.stringify(value));
    if (query.length > DEFAULT_QUERY_LIMITS.maxLength) {
      // Written into the query text, the 900 kB string is refused by the query-length limit first.
      const before = api.queries.length;
      const { status, body } = await api.post(query);
      expect(status).toBe(400);
      expect(body.errors![0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', measure: 'length' });
      expect(api.queries.length).toBe(before);
      return;
    }
    const { cypherRun, body } = await expectRefused(query, argumentName);
    expect(body.errors![0].extensions).toHaveProperty('maximum');
    // Nested arguments are checked once their parent is loaded; a root argument before anything runs.
    if (!selection.includes('team(id: "argentina-men") {')) expect(cypherRun).toBe(0);
  });

  it('refuses the 900 kB many-word name sent as a variable, before any Cypher', async () => {
    const { cypherRun, body } = await expectRefused('query ($s: String) { player(name: $s) { id } }', 'name', { s: hugeManyWords });
    expect(body.errors![0].extensions).toMatchObject({ maximum: MAX_STRING_LENGTH });
    expect(cypherRun).toBe(0);
  });

  it.each([
    ['{ assists(filter: { tournamentYears: [] }) { count } }', 'filter.tournamentYears'],
    ['{ matches(filter: { teams: [] }) { totalCount } }', 'filter.teams'],
    ['{ headToHead(teamA: "Argentina", teamB: "England", tournamentYears: []) { played } }', 'tournamentYears'],
    [`{ assists(filter: { tournamentYears: [${Array(DEFAULT_QUERY_LIMITS.maxListLength + 1).fill(2026).join(',')}] }) { count } }`, 'filter.tournamentYears'],
  ])('%s -> BAD_USER_INPUT naming %s', async (query, argumentName) => {
    const { cypherRun } = await expectRefused(query, argumentName);
    expect(cypherRun).toBe(0);
  });

  it.each([
    ['query ($v: Int) { path(from: "lionel-messi", to: "england-men", maxHops: $v) { length } }', 'maxHops'],
    ['query ($v: Int) { players(first: $v) { totalCount } }', 'first'],
    ['query ($v: Int) { search(text: "messi", first: $v) { id } }', 'first'],
    ['query ($v: Int) { assists(first: $v) { count } }', 'first'],
    ['query ($v: Gender) { team(name: "Argentina", gender: $v) { id } }', 'gender'],
    ['query ($v: Gender) { tournament(year: 2026, gender: $v) { id } }', 'gender'],
    ['query ($v: Gender) { headToHead(teamA: "Argentina", teamB: "England", gender: $v) { played } }', 'gender'],
    ['query ($v: Boolean) { player(id: "lionel-messi") { goals(includeOwnGoals: $v) { minute } } }', 'includeOwnGoals'],
    ['query ($v: Int) { team(id: "argentina-men") { matches(first: $v) { totalCount } } }', 'first'],
  ])('null through a variable for an argument with a default: %s -> BAD_USER_INPUT naming %s', async (query, argumentName) => {
    await expectRefused(query, argumentName, { v: null });
  });

  it.each([
    ['{ players(first: -1) { totalCount } }', 'first'],
    ['{ teams(first: 1000000) { totalCount } }', 'first'],
    ['{ tournaments(first: -5) { totalCount } }', 'first'],
    ['{ search(text: "messi", first: -1) { id } }', 'first'],
    ['{ assists(first: 101) { count } }', 'first'],
    ['{ team(id: "argentina-men") { matches(first: -1) { totalCount } } }', 'first'],
    ['{ tournament(year: 2026) { matches(first: 101) { totalCount } } }', 'first'],
    ['{ player { id } }', 'id'],
    ['{ coach(id: "x", name: "y") { id } }', 'name'],
    ['{ players(filter: { name: "*" }) { totalCount } }', 'filter.name'],
    ['{ players(filter: { team: "" }) { totalCount } }', 'filter.team'],
    ['{ team(id: "argentina-men") { matches(opponent: " ") { totalCount } } }', 'opponent'],
    ['{ matches(filter: { from: "2026-7-1" }) { totalCount } }', 'filter.from'],
    ['{ matches(filter: { to: "2026-02-30" }) { totalCount } }', 'filter.to'],
    ['{ teams(filter: { name: " - " }) { totalCount } }', 'filter.name'],
    ['{ matches(after: "not a cursor") { totalCount } }', 'after'],
    [`{ matches(after: "${Buffer.from('{"a":1}').toString('base64url')}") { totalCount } }`, 'after'],
    ['{ team(id: "argentina-men") { matches(after: "bm9wZQ") { totalCount } } }', 'after'],
  ])('%s -> BAD_USER_INPUT naming %s', async (query, argumentName) => {
    await expectRefused(query, argumentName);
  });

  it.each([
    ['query ($v: Gender) { team(name: "Argentina", gender: $v) { id } }', { v: 'BOTH' }],
    ['query ($v: Int!) { tournament(year: $v) { id } }', { v: 'MMXXVI' }],
    ['query ($v: [Int!]) { assists(filter: { tournamentYears: $v }) { count } }', { v: [2026, null] }],
    ['query ($v: String!) { player(name: $v) { id } }', {}],
  ])('a variable of the wrong type or missing: %s -> BAD_USER_INPUT', async (query, variables) => {
    const { status, body } = await api.post(query, variables);
    expect(status).toBeLessThan(500);
    expect(body.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
  });

  it('a page of zero is an empty page, not an error', async () => {
    const { body } = await api.post('{ players(first: 0) { totalCount nodes { id } } search(text: "messi", first: 0) { id } }');
    expect(body.errors).toBeUndefined();
    expect(body.data!.players.nodes).toEqual([]);
    expect(body.data!.players.totalCount).toBeGreaterThan(0);
    expect(body.data!.search).toEqual([]);
  });

  it('Lucene syntax, wildcards and fuzzy marks in names and search are plain text', async () => {
    // One whitespace word, but a hundred full-text terms once split at the dashes.
    const TOKENS = Array.from({ length: MAX_STRING_LENGTH / 2 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('-');
    const { body } = await api.post(`{
      a: player(name: "mess* OR ~ a:b") { id }
      b: player(name: "messi~2") { id }
      c: search(text: "m* ~ ? \\\\ /a/ [a TO z] messi~ AND OR NOT") { id }
      e: player(name: "lionel messi") { id }
      f: search(text: "${TOKENS}") { id }
      g: player(name: "${TOKENS}") { id }
    }`);
    expect(body.errors).toBeUndefined();
    expect(body.data!.a).toBeNull();
    expect(body.data!.b).toBeNull();
    expect(body.data!.c.map((hit: { id: string }) => hit.id)).toContain('lionel-messi');
    expect(body.data!.e).toEqual({ id: 'lionel-messi' });
    expect(body.data!.g).toBeNull();
  });

  describe("a team name that is both a men's and a women's team (finding 9)", () => {
    it("the README's example: the 2026 World Cup's Argentina is the men's team", async () => {
      const { body } = await api.post('{ assists(filter: { tournamentYears: [2026], team: "Argentina" }, first: 20) { assister { id } scorer { id } } }');
      expect(body.errors).toBeUndefined();
      expect(body.data!.assists).toContainEqual({ assister: { id: 'lionel-messi' }, scorer: { id: 'enzo-fernandez' } });
    });

    it("a year of a women's World Cup means the women's team", async () => {
      const { body } = await api.post(`{
        women: matches(filter: { teams: ["Argentina", "England"], tournamentYears: [2019] }) { nodes { id tournament { gender } } }
        players: players(filter: { team: "England", tournamentYears: [2019] }) { totalCount }
      }`);
      expect(body.errors).toBeUndefined();
      expect(body.data!.women.nodes).toHaveLength(1);
      expect(body.data!.women.nodes[0].tournament.gender).toBe('WOMEN');
    });

    it("without a year or a gender, the men's team, as in `team(name:)` and `headToHead`", async () => {
      const { body } = await api.post(`{
        all: matches(filter: { teams: ["Argentina", "England"] }, first: 100) { nodes { tournament { gender } } }
        women: matches(filter: { teams: ["Argentina", "England"], gender: WOMEN }) { totalCount }
        assists(filter: { team: "Argentina" }) { scorer { id } }
      }`);
      expect(body.errors).toBeUndefined();
      const genders = new Set(body.data!.all.nodes.map((match: { tournament: { gender: string } }) => match.tournament.gender));
      expect([...genders]).toEqual(['MEN']);
      expect(body.data!.women.totalCount).toBe(1);
      expect(body.data!.assists.map((link: { scorer: { id: string } }) => link.scorer.id)).toContain('enzo-fernandez');
    });

    it('years of both World Cups leave the name ambiguous, with the candidates', async () => {
      const { body } = await expectRefused('{ assists(filter: { tournamentYears: [2019, 2026], team: "Argentina" }) { count } }', 'filter.team');
      expect(body.errors![0].extensions!.candidates).toHaveLength(2);
    });
  });
});
