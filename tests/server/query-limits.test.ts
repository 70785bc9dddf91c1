import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_QUERY_LIMITS } from '../../src/config';
import type { GraphClient } from '../../src/graph/driver/driver';
import { resetDatabase, testGraph } from '../support/graph';
import { startTestGraphQLServer, type TestGraphQLServer } from '../support/graphql-server';
import { fragmentBomb } from '../support/query-bombs';

// 1 + 100 x (nodes 1 + (appearances 1 + 10 x (player 1 + (goals 1 + 10 x minute 1)))) = 12201 each.
const HEAVY = 'matches(first: 100) { nodes { appearances { player { goals { minute } } } } }';
const TEN_HEAVY_ALIASES = Array.from({ length: 10 }, (_, i) => `heavy${i}: ${HEAVY}`).join('\n');

describe('query limits over HTTP, checked before any Cypher runs', () => {
  let graph: GraphClient;
  let api: TestGraphQLServer;
  let tight: TestGraphQLServer;

  beforeAll(async () => {
    graph = testGraph();
    await resetDatabase(graph);
    api = await startTestGraphQLServer(graph);
    tight = await startTestGraphQLServer(graph, {
      limits: { maxLength: 600, maxTokens: 100, maxVariables: 2, maxAliases: 3, maxRootFields: 3, maxDirectives: 3, maxDepth: 4 },
    });
  });
  afterAll(async () => {
    await api?.close();
    await tight?.close();
    await graph?.close();
  });

  /**
   * Posts, and checks that the request was refused and ran no Cypher: 400 for a limit, and for a
   * plain request error (bad syntax or argument) 200, as GraphQL over HTTP has it for clients that
   * accept only `application/json` (see src/server/graphql-response.ts).
   */
  async function refused(server: TestGraphQLServer, query: string, variables?: Record<string, unknown>) {
    const before = server.queries.length;
    const started = performance.now();
    const { status, body } = await server.post(query, variables);
    const elapsed = performance.now() - started;
    expect(body.errors).toHaveLength(1);
    expect(status).toBe(body.errors![0].extensions!.code === 'QUERY_TOO_COMPLEX' ? 400 : 200);
    expect(server.queries.length).toBe(before);
    return { error: body.errors![0], elapsed };
  }

  it('refuses ten heavy aliases beside a skipped alias with a negative `first` (a hostile-traffic finding)', async () => {
    const query = `query($skip: Boolean! = true) {
      ${TEN_HEAVY_ALIASES}
      trick: matches(first: -2147483648) @skip(if: $skip) { nodes { id } }
    }`;
    const { error } = await refused(api, query);
    expect(error.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', measure: 'cost', actual: 122_010, limit: 50_000 });
  });

  it('refuses a negative `first` that is not skipped as BAD_USER_INPUT, before the heavy part runs', async () => {
    const { error } = await refused(api, `query($first: Int!) { a: ${HEAVY} b: matches(first: $first) { totalCount } }`, { first: -1 });
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'first' });
  });

  it.each([24, 30])('refuses a %i-level fragment bomb in milliseconds, before validation (a hostile-traffic finding)', async (levels) => {
    const query = fragmentBomb(levels);
    expect(query.length).toBeLessThan(2_000);
    const { error, elapsed } = await refused(api, query);
    expect(error.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', measure: 'fragmentDepth', actual: levels, limit: 8 });
    // Walked spread by spread, as the cost estimate did before the shape limits, 24 levels took 93 s.
    expect(elapsed).toBeLessThan(500);
  });

  it('refuses a fragment bomb sent by GET just the same', async () => {
    const before = api.queries.length;
    const res = await fetch(`${api.base}/graphql?query=${encodeURIComponent(fragmentBomb(30))}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Array<{ extensions: Record<string, unknown> }> };
    expect(body.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', measure: 'fragmentDepth' });
    expect(api.queries.length).toBe(before);
  });

  it('refuses a shallow but wide fragment bomb by its expanded spreads', async () => {
    const fragments = Array.from({ length: 6 }, (_, level) => `fragment F${level} on Query { ${`...F${level + 1} `.repeat(4)}}`);
    const query = `{ ...F0 }\n${fragments.join('\n')}\nfragment F6 on Query { sources { id } }`;
    const { error, elapsed } = await refused(api, query);
    expect(error.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', measure: 'fragmentSpreads', limit: 100 });
    expect(elapsed).toBeLessThan(500);
  });

  it.each([
    ['tokens', `{ ${'sources { id } '.repeat(30)}}`, 100],
    ['length', `# ${'x'.repeat(700)}\n{ sources { id } }`, 600],
    ['variables', 'query($a: Int, $b: Int, $c: Int) { sources { id } }', 2],
    ['aliases', '{ a: sources { id } b: sources { id } c: sources { id } d: sources { id } }', 3],
    ['rootFields', '{ sources { id } search(text: "a") { id } match(id: "x") { id } tournaments { totalCount } }', 3],
    ['directives', '{ sources @include(if: true) { id @include(if: true) title @include(if: true) kind @include(if: true) } }', 3],
    ['depth', '{ match(id: "x") { goals { scorer { teams { name } } } } }', 4],
  ])('refuses a query over the %s limit with QUERY_TOO_COMPLEX naming it', async (measure, query, limit) => {
    const { error } = await refused(tight, query);
    expect(error.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', measure, limit });
    expect(error.message).toContain(String(limit));
  });

  it('keeps GRAPHQL_PARSE_FAILED for bad syntax, also in a query longer than the token limit', async () => {
    for (const query of ['{ sources { id }', `{ sources { id } ) ${'sources { id } '.repeat(30)}}`]) {
      const { error } = await refused(tight, query);
      expect(error.extensions).toMatchObject({ code: 'GRAPHQL_PARSE_FAILED' });
    }
  });

  it('refuses a refused query again when it is sent again (only validated documents are cached)', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const { error } = await refused(api, fragmentBomb(12));
      expect(error.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', measure: 'fragmentDepth' });
    }
  });

  it("prices a cached document again with each request's variables", async () => {
    const pages = Array.from({ length: 5 }, (_, i) => `m${i}: ${HEAVY.replace('first: 100', 'first: $first')}`).join('\n');
    const query = `query($first: Int!) { ${pages} }`;
    expect((await api.post(query, { first: 1 })).status).toBe(200);
    const { error } = await refused(api, query, { first: 100 });
    expect(error.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', measure: 'cost', actual: 5 * 12_201 });
  });

  it(`bounds list arguments: ${DEFAULT_QUERY_LIMITS.maxListLength + 1} \`tournamentYears\` or \`teams\` are BAD_USER_INPUT`, async () => {
    const years = Array.from({ length: DEFAULT_QUERY_LIMITS.maxListLength + 1 }, (_, i) => 1900 + i);
    const headToHead = await refused(api, 'query($years: [Int!]) { headToHead(teamA: "a", teamB: "b", tournamentYears: $years) { played } }', { years });
    expect(headToHead.error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'tournamentYears', maximum: DEFAULT_QUERY_LIMITS.maxListLength });
    const teams = years.map(String);
    const matches = await refused(api, 'query($teams: [String!]) { matches(filter: { teams: $teams }) { totalCount } }', { teams });
    expect(matches.error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'filter.teams' });
  });

  it("accepts GraphiQL's introspection query and counts shape refusals in the metrics", async () => {
    const { status, body } = await api.post(getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true, oneOf: true }));
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data!.__schema.types.length).toBeGreaterThan(20);
    const metrics = await (await fetch(api.metricsUrl)).text();
    expect(metrics).toMatch(/^kg_graphql_errors_total\{code="QUERY_TOO_COMPLEX"\} [1-9]/m);
    expect(metrics).not.toMatch(/^kg_graphql_errors_total\{code="GRAPHQL_VALIDATION_FAILED"\}/m);
  });
});
