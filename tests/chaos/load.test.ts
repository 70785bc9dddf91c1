import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { testGraph } from '../support/graph';
import type { ApiProcess } from '../support/api-process';
import { chaosPlan } from './chaos-plan';
import { recordFigures } from './chaos-figures';
import { REALISTIC_QUERIES } from './realistic-queries';
import { graphqlCodes } from './response-audit';
import { startSeededApi } from './seeded-api';

const plan = chaosPlan();

/**
 * The designed answers of an overloaded API: no turn in time (503 SERVER_OVERLOADED), the deadline
 * passed (504 QUERY_TIMEOUT, once per field that was reading), or a health probe that Neo4j, starved
 * of CPU, did not answer in time (503 DATABASE_UNAVAILABLE, with Retry-After).
 */
const OVERLOAD_CODES = new Set(['SERVER_OVERLOADED', 'QUERY_TIMEOUT', 'DATABASE_UNAVAILABLE']);

/** An answer as `loadRealisticMix` records it (`status code code ...`) that is 200 with data or a designed overload answer. */
function isDesignedAnswer(answer: string): boolean {
  const [status, ...codes] = answer.split(' ');
  if (status === '200') return codes.length === 0;
  return (status === '503' || status === '504') && codes.length > 0 && codes.every((code) => OVERLOAD_CODES.has(code));
}

interface LoadRun {
  result: autocannon.Result;
  /** Every answer as `status code,code,...` (codes of its GraphQL errors), with how often it came. */
  answers: Map<string, number>;
}

/** `plan.loadConnections` clients cycling through the realistic mix for `plan.loadSeconds`. */
async function loadRealisticMix(base: string, headers: Record<string, string>): Promise<LoadRun> {
  const answers = new Map<string, number>();
  const result = await autocannon({
    url: base,
    connections: plan.loadConnections,
    duration: plan.loadSeconds,
    timeout: 10,
    requests: REALISTIC_QUERIES.map((query) => ({
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
      onResponse: (status, body) => {
        const answer = [status, ...(graphqlCodes(body) ?? ['not GraphQL'])].join(' ');
        answers.set(answer, (answers.get(answer) ?? 0) + 1);
      },
    })),
  });
  return { result, answers };
}

function describeRun({ result, answers }: LoadRun): string {
  const seen = [...answers].map(([answer, count]) => `${answer}×${count}`).join(', ');
  return `${result.requests.total} requests, ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ${seen}; transport errors ${result.errors} (timeouts ${result.timeouts})`;
}

describe(`load: ${plan.loadConnections} connections for ${plan.loadSeconds} s of the realistic mix`, () => {
  let graph: GraphClient;
  let api: ApiProcess;
  let cached: LoadRun;
  let executed: LoadRun;

  beforeAll(async () => {
    graph = testGraph();
    api = await startSeededApi(graph);
    // As production runs: answers kept by data version, identical requests in flight executed once.
    cached = await loadRealisticMix(api.base, {});
    // Every request executed (`Cache-Control: no-cache`): what Neo4j and the resolvers can take.
    executed = await loadRealisticMix(api.base, { 'cache-control': 'no-cache' });
    console.log(`load, production settings: ${describeRun(cached)}\nload, every request executed: ${describeRun(executed)}`);
    const failures = (run: LoadRun) => run.result.requests.total - (run.answers.get('200') ?? 0);
    const unexpected = [...executed.answers].filter(([answer]) => !isDesignedAnswer(answer));
    recordFigures(inject('chaosFigures'), [
      { test: 'load', figure: `throughput, ${plan.loadConnections} connections, ${plan.loadSeconds} s`, value: `${Math.round(cached.result.requests.average)} req/s (${cached.result.requests.total} requests)` },
      { test: 'load', figure: 'latency p50 / p99 / max', value: `${cached.result.latency.p50} / ${cached.result.latency.p99} / ${cached.result.latency.max} ms` },
      { test: 'load', figure: 'errors (transport, timeouts, non-2xx, GraphQL errors)', value: String(failures(cached) + cached.result.errors), limit: '0', pass: failures(cached) + cached.result.errors === 0 },
      { test: 'load', figure: 'every request executed (no-cache): throughput', value: `${Math.round(executed.result.requests.average)} req/s (${executed.result.requests.total} requests)` },
      { test: 'load', figure: 'every request executed: latency p50 / p99 / max', value: `${executed.result.latency.p50} / ${executed.result.latency.p99} / ${executed.result.latency.max} ms` },
      { test: 'load', figure: 'every request executed: answered 503 or 504 (overload codes)', value: String(failures(executed)) },
      { test: 'load', figure: 'every request executed: unanswered or other answers', value: String(executed.result.errors + unexpected.length), limit: '0', pass: executed.result.errors + unexpected.length === 0 },
    ]);
  });

  afterAll(async () => {
    await api?.stop();
    await graph?.close();
  });

  it('answers every request of the mix with data and no error, as production runs', () => {
    expect(cached.result.requests.total).toBeGreaterThan(0);
    expect({ errors: cached.result.errors, timeouts: cached.result.timeouts, answers: [...cached.answers.keys()] }).toEqual({ errors: 0, timeouts: 0, answers: ['200'] });
  });

  it('answers every executed request in time, with data or with the designed overload answers', () => {
    expect(executed.result.requests.total).toBeGreaterThan(0);
    expect(executed.answers.get('200')).toBeGreaterThan(0);
    const unexpected = [...executed.answers.keys()].filter((answer) => !isDesignedAnswer(answer));
    expect({ errors: executed.result.errors, timeouts: executed.result.timeouts, unexpected }).toEqual({ errors: 0, timeouts: 0, unexpected: [] });
  });
});
