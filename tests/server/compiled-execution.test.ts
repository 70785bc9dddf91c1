import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { registry } from '../../src/metrics';
import { readExampleQueries } from '../../src/server/plan-warm-up';
import { seededTestGraph } from '../support/graph';
import { startTestGraphQLServer, type TestGraphQLServer } from '../support/graphql-server';

/**
 * Documents run through graphql-js until their second execution, then through graphql-jit
 * (src/server/compiled-execution.ts). Each pair of requests below is one document asked twice of a
 * server that compiles on the second execution: the two answers must be the same, byte for byte.
 */
let graph: GraphClient;
let api: TestGraphQLServer;

beforeAll(async () => {
  graph = await seededTestGraph();
  api = await startTestGraphQLServer(graph, { route: { compileAfterExecutions: 2 } });
});

afterAll(async () => {
  await api?.close();
  await graph?.close();
});

async function rawPost(query: string, variables?: Record<string, unknown>, operationName?: string) {
  const res = await fetch(`${api.base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cache-control': 'no-cache' },
    body: JSON.stringify({ query, variables, operationName }),
  });
  return { status: res.status, text: await res.text() };
}

async function compilations(): Promise<number> {
  const metric = await registry.getSingleMetricAsString('kg_graphql_compile_seconds');
  return [...metric.matchAll(/^kg_graphql_compile_seconds_count\{outcome="compiled"\} (\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0);
}

/** The document's first answer (graphql-js) and its second (compiled), and how many documents were compiled between them. */
async function bothExecutors(query: string, variables?: Record<string, unknown>, operationName?: string) {
  const before = await compilations();
  const interpreted = await rawPost(query, variables, operationName);
  const afterFirst = await compilations();
  const compiled = await rawPost(query, variables, operationName);
  return { interpreted, compiled, compiledOnFirst: afterFirst - before, compiledOnSecond: (await compilations()) - afterFirst };
}

describe('compiled execution (graphql-jit) against graphql-js', () => {
  it('answers every playground example as graphql-js does, compiling each on its second request', async () => {
    const examples = await readExampleQueries();
    expect(examples.length).toBeGreaterThan(10);
    for (const { file, query } of examples) {
      const { interpreted, compiled, compiledOnFirst, compiledOnSecond } = await bothExecutors(query);
      expect(JSON.parse(interpreted.text).errors, file).toBeUndefined();
      expect(compiled.text, file).toBe(interpreted.text);
      expect([compiledOnFirst, compiledOnSecond], file).toEqual([0, 1]);
    }
  });

  it('resolves interfaces by their rows\' labels: a node, search hits', async () => {
    const query = `{ node(id: "lionel-messi") { __typename id ... on Player { name } }
      search(text: "Messi", first: 3) { type entity { __typename id } } }`;
    const { interpreted, compiled } = await bothExecutors(query);
    expect(JSON.parse(compiled.text).data.node).toEqual({ __typename: 'Player', id: 'lionel-messi', name: 'Lionel Messi' });
    expect(compiled.text).toBe(interpreted.text);
  });

  it('gives the same errors, codes and paths: a resolver refusing input, an argument out of bounds, a null for a defaulted argument, bad variables', async () => {
    const cases: Array<[string, Record<string, unknown>?]> = [
      ['{ player(name: "Martínez") { id } }'],
      ['{ path(from: "lionel-messi", to: "harry-kane", maxHops: 99) { length } }'],
      ['query ($hops: Int) { path(from: "lionel-messi", to: "harry-kane", maxHops: $hops) { length } }', { hops: null }],
      ['query ($first: Int!) { matches(first: $first) { totalCount } }', { first: 'many' }],
      ['query ($id: ID!) { match(id: $id) { id goals { minute } } }', {}],
    ];
    for (const [query, variables] of cases) {
      const { interpreted, compiled } = await bothExecutors(query, variables);
      const body = JSON.parse(compiled.text) as { errors?: Array<{ extensions?: { code?: string } }> };
      expect(body.errors?.[0]?.extensions?.code, query).toBe('BAD_USER_INPUT');
      expect(compiled, query).toEqual(interpreted);
    }
  });

  it('executes the operation the request names, and refuses a name the document lacks as graphql-js does', async () => {
    const document = 'query Teams { teams(first: 1) { totalCount } } query Sources { sources { id } }';
    const named = await bothExecutors(document, undefined, 'Sources');
    expect(Object.keys(JSON.parse(named.compiled.text).data)).toEqual(['sources']);
    expect(named.compiled).toEqual(named.interpreted);
    expect(named.compiledOnSecond).toBe(1);

    const missing = await bothExecutors('query A { sources { title } }', undefined, 'Missing');
    expect(missing.compiled.status).toBe(400);
    expect(JSON.parse(missing.compiled.text).errors[0].extensions.code).toBe('OPERATION_RESOLUTION_FAILURE');
    expect(missing.compiled).toEqual(missing.interpreted);
    expect(missing.compiledOnSecond).toBe(0);
  });
});
