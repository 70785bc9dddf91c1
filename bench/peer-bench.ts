import { isDeepStrictEqual } from 'node:util';
import { enumName } from '../src/schema/vocabulary.type';
import { combine, loadRun, type CombinedLoad, type LoadResult } from './load-run';
import type { PeerQuery } from './peer-queries';
import type { Peer } from './peers';

export interface PeerBenchOptions {
  /** Seconds per autocannon run. */
  seconds: number;
  /**
   * Seconds per one-connection run, which times each answer for the p50: shorter, as a median
   * settles within a few hundred answers (the 40-match page gives some 170 a second).
   */
  oneConnectionSeconds: number;
  /** Runs per peer and connection count; the peers' order alternates between rounds. */
  rounds: number;
  connections: readonly number[];
  /** Seconds of unmeasured load per peer and query before the measured runs. */
  warmUpSeconds: number;
  /** Waits, after a peer's warm-up, until it answers the query as it will from then on. */
  settle?: (peer: Peer, query: PeerQuery) => Promise<void>;
}

export interface QueryFigures {
  query: PeerQuery;
  /**
   * Per peer name, per connection count: the rounds combined, each kept too. Round i of each peer
   * ran next to round i of the others, so their ratio is one side-by-side measurement.
   */
  load: Map<string, Map<number, CombinedLoad>>;
  /** Per peer name. */
  statementsPerRequest: Map<string, number>;
}

async function answerOf(peer: Peer, query: PeerQuery): Promise<Record<string, unknown>> {
  const request = peer.request(query);
  const res = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body });
  const body = (await res.json()) as { data?: Record<string, unknown>; errors?: unknown };
  if (!res.ok || body.errors || !body.data) throw new Error(`${peer.name} failed "${query.name}": ${res.status} ${JSON.stringify(body).slice(0, 2000)}`);
  return query.normalise(stagesAsEnums(peer.toApiShape(query, body.data)) as Record<string, unknown>);
}

/** The peers read `stage` as stored (`semi-final`); this API answers the enum (SEMI_FINAL). */
function stagesAsEnums(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stagesAsEnums);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, key === 'stage' && typeof field === 'string' ? enumName(field) : stagesAsEnums(field)]),
  );
}

/** Every peer's answer equals the first peer's, field by field. */
export async function assertEqualAnswers(peers: readonly Peer[], query: PeerQuery): Promise<string> {
  const [reference, ...others] = await Promise.all(peers.map((peer) => answerOf(peer, query)));
  others.forEach((answer, i) => {
    if (!isDeepStrictEqual(answer, reference)) {
      throw new Error(
        `"${query.name}": ${peers[i + 1]!.name} answers differently from ${peers[0]!.name}:\n` +
          `${JSON.stringify(answer).slice(0, 1500)}\n---\n${JSON.stringify(reference).slice(0, 1500)}`,
      );
    }
  });
  return `${JSON.stringify(reference).length} bytes`;
}

/** Statements per request, over a few requests sent one after another (after a warm-up one). */
export async function statementsPerRequest(peer: Peer, query: PeerQuery, samples = 4): Promise<number> {
  await answerOf(peer, query);
  const before = await peer.statementsSent();
  for (let i = 0; i < samples; i++) await answerOf(peer, query);
  return ((await peer.statementsSent()) - before) / samples;
}

export async function runPeerBench(peers: readonly Peer[], queries: readonly PeerQuery[], options: PeerBenchOptions): Promise<QueryFigures[]> {
  const figures: QueryFigures[] = [];
  for (const query of queries) {
    console.log(`\n${query.name}: answers equal (${await assertEqualAnswers(peers, query)})`);
    // Neo4j plans and V8's JIT settle first, for every peer alike; not measured.
    for (const peer of peers) {
      await loadRun(peer, peer.request(query), Math.max(...options.connections), options.warmUpSeconds);
      await options.settle?.(peer, query);
    }
    const load = new Map(peers.map((peer) => [peer.name, new Map<number, CombinedLoad>()]));
    for (const connections of options.connections) {
      const runs = new Map<string, LoadResult[]>(peers.map((peer) => [peer.name, []]));
      for (let round = 0; round < options.rounds; round++) {
        const order = round % 2 === 0 ? peers : [...peers].reverse();
        for (const peer of order) {
          const run = await loadRun(peer, peer.request(query), connections, connections === 1 ? options.oneConnectionSeconds : options.seconds);
          if (run.failures > 0) throw new Error(`${peer.name}: ${run.failures} failed requests under load on "${query.name}" (${run.failureDetail})`);
          runs.get(peer.name)!.push(run);
        }
      }
      for (const peer of peers) load.get(peer.name)!.set(connections, combine(runs.get(peer.name)!));
      const line = peers.map((peer) => `${peer.name} ${Math.round(reqPerSec(load.get(peer.name)!.get(connections)!))}`).join(', ');
      console.log(`  ${connections} connection(s), req/s: ${line}`);
    }
    // Counted last: this API reads a new selection level by level until Neo4j has compiled its
    // look-ahead statement (src/graph/read/loaders/look-ahead.ts), and the one-connection runs leave no backlog.
    const statements = new Map<string, number>();
    for (const peer of peers) statements.set(peer.name, await statementsPerRequest(peer, query));
    figures.push({ query, load, statementsPerRequest: statements });
  }
  return figures;
}

export const reqPerSec = (run: LoadResult) => run.requests / run.seconds;
export const cpuPerRequest = (run: LoadResult) => run.cpuMs / Math.max(1, run.requests);
