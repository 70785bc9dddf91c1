import { levelByLevelFields } from '../src/schema/selection-read-ahead';
import type { GraphQLSchema } from 'graphql';
import { neo4jGraphqlHas, shapeQuery } from './neo4j-graphql-shapes';
import type { LoadResult } from './load-run';
import { reqPerSec, runPeerBench, statementsPerRequest, type PeerBenchOptions, type QueryFigures } from './peer-bench';
import type { Peer } from './peers';
import { generateShapes, type QueryShape } from './query-shapes';

export type ShapeQuery = ReturnType<typeof shapeQuery> & { shape: QueryShape };

/**
 * The bench's shapes: `s..`, made from the whole schema (every root field; this API alone where
 * @neo4j/graphql cannot express them), and `c..`, made from the fields @neo4j/graphql's type
 * definitions have, each one it answers, for the ratios.
 */
export function benchShapeSet(schema: GraphQLSchema, seed: number): ShapeQuery[] {
  const asQuery = (shape: QueryShape) => ({ ...shapeQuery(shape), shape });
  return [
    ...generateShapes(schema, seed).map(asQuery),
    ...generateShapes(schema, seed, { allow: neo4jGraphqlHas, accept: (shape) => shapeQuery(shape).neo4jGraphqlExpressible, prefix: 'c' }).map(asQuery),
  ];
}

/** Longest wait for a shape's statements to settle (compilations on a busy machine take seconds). */
const SETTLE_MS = 60_000;

/**
 * Until a new shape's statements per request stop falling: this API reads a shape level by level
 * while Neo4j compiles its look-ahead statements, one level's after the other's (src/graph/read/loaders/look-ahead.ts),
 * and a measured run that caught a compilation measured the compilation.
 */
async function settled(peer: Peer, query: ShapeQuery): Promise<void> {
  const started = Date.now();
  let last = Number.POSITIVE_INFINITY;
  let same = 0;
  while (same < 4 && Date.now() - started < SETTLE_MS) {
    const now = await statementsPerRequest(peer, query, 1);
    same = now >= last ? same + 1 : 0;
    last = Math.min(last, now);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/**
 * Until the API's readiness answers 200: on this shared machine a Neo4j starved of CPU can miss the
 * API's health probe, which then refuses reads for a while (src/graph/driver/neo4j-health.ts), and a shape
 * that started meanwhile would fail on its first answer.
 */
async function readyAgain(api: Peer, query: ShapeQuery): Promise<void> {
  const ready = `${new URL(api.request(query).url).origin}/health/ready`;
  const started = Date.now();
  while (Date.now() - started < SETTLE_MS) {
    if ((await fetch(ready).catch(() => undefined))?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

export interface ShapeFailure {
  shape: string;
  reason: string;
  /** This API's, counted one request after another once the shape failed; unset where those failed too. */
  statementsPerRequest?: number;
}

/**
 * Each generated shape loaded like the five (peer-bench.ts): this API and, where it can express
 * the shape, @neo4j/graphql, answers checked equal first. A shape that fails (answers differ, an
 * error) is reported and the next one runs.
 */
export async function benchShapes(
  shapes: readonly ShapeQuery[],
  api: Peer,
  neo4jGraphql: Peer,
  options: PeerBenchOptions,
): Promise<{ figures: QueryFigures[]; failures: ShapeFailure[] }> {
  const figures: QueryFigures[] = [];
  const failures: ShapeFailure[] = [];
  for (const shape of shapes) {
    try {
      await readyAgain(api, shape);
      const peers = shape.neo4jGraphqlExpressible ? [api, neo4jGraphql] : [api];
      const settle = (peer: Peer) => (peer === api ? settled(peer, shape) : Promise.resolve());
      figures.push(...(await runPeerBench(peers, [shape], { ...options, settle })));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.log(`  FAILED: ${reason.slice(0, 3000)}`);
      // A shape refused under load (a 504 past the request deadline) still has a statement count to report.
      await readyAgain(api, shape);
      const statements = await statementsPerRequest(api, shape).catch(() => undefined);
      failures.push({ shape: shape.name, reason: reason.split('\n')[0]!.slice(0, 300), statementsPerRequest: statements });
    }
  }
  return { figures, failures };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const times = (value: number) => `${value.toFixed(2)}×`;

/** This API's requests per second over the peer's, or undefined when either side answered nothing. */
const throughputRatio = (ours: LoadResult, theirs: LoadResult) => (reqPerSec(ours) > 0 && reqPerSec(theirs) > 0 ? reqPerSec(ours) / reqPerSec(theirs) : undefined);

/** The fields of `shape`'s selection, as `Type.field`, that resolve level by level (src/schema/selection-read-ahead.ts). */
export function levelByLevelIn(shape: QueryShape): string[] {
  const found = new Set<string>();
  const visit = (type: string, selections: QueryShape['root']['selections']) => {
    for (const selected of selections) {
      const owner = selected.on ?? type;
      if (selected.selections.length > 0 && levelByLevelFields().has(`${owner}.${selected.field}`)) found.add(`${owner}.${selected.field}`);
      visit(selected.on ?? selected.type, selected.selections);
    }
  };
  visit(shape.root.on ?? shape.root.type, shape.root.selections);
  return [...found].sort();
}

/**
 * A table of every shape (req/s, p99, statements per request, this API's ratios to @neo4j/graphql,
 * and each round's throughput ratio, so that a shared host's noise shows beside the figure), the
 * distribution of the ratios over the shapes @neo4j/graphql expresses (worst and median, the worst
 * shape named with its rounds), of statements per request, and the fields that resolved level by level.
 */
export function formatShapeReport(
  figures: readonly QueryFigures[],
  failures: readonly ShapeFailure[],
  subject: string,
  peer: string,
  many: number,
  seed: number,
): string {
  const lines = [
    `Generated shapes (seed ${seed}): ${figures.length} measured, ${failures.length} failed.`,
    '',
    `| shape | ${subject} req/s | ${peer} req/s | throughput ratio | by round | p99 ratio | statements / request (${subject}, ${peer}) | fields level by level |`,
    '|---|---|---|---|---|---|---|---|',
  ];
  const compared: Array<{ name: string; throughput: number; byRound: number[]; p99: number }> = [];
  for (const { query, load, statementsPerRequest } of figures) {
    const ours = load.get(subject)!.get(many)!;
    const theirs = load.get(peer)?.get(many);
    // A run with no answer at all has no ratio (the shape is in the table, its figures 0).
    const throughput = theirs ? throughputRatio(ours, theirs) : undefined;
    const p99 = throughput !== undefined && theirs!.p99 > 0 ? ours.p99 / theirs!.p99 : undefined;
    const byRound = ours.rounds.flatMap((round, i) => {
      const ratio = theirs?.rounds[i] && throughputRatio(round, theirs.rounds[i]);
      return ratio === undefined ? [] : [ratio];
    });
    if (throughput !== undefined && p99 !== undefined) compared.push({ name: query.name, throughput, byRound, p99 });
    const statements = [statementsPerRequest.get(subject), statementsPerRequest.get(peer)].map((n) => (n === undefined ? '-' : n.toFixed(2))).join(', ');
    lines.push(
      `| ${query.name} | ${Math.round(reqPerSec(ours))} | ${theirs ? Math.round(reqPerSec(theirs)) : 'cannot express'} | ` +
        `${throughput === undefined ? '-' : times(throughput)} | ${byRound.map(times).join(', ') || '-'} | ${p99 === undefined ? '-' : times(p99)} | ` +
        `${statements} | ${levelByLevelIn((query as ShapeQuery).shape).join(', ') || '-'} |`,
    );
  }
  for (const failure of failures) {
    const statements = failure.statementsPerRequest === undefined ? '' : `${failure.statementsPerRequest.toFixed(2)}, -`;
    lines.push(`| ${failure.shape} | FAILED: ${failure.reason.replaceAll('|', '/')} | | | | | ${statements} | |`);
  }
  lines.push('');
  if (compared.length > 0) {
    const worstThroughput = compared.reduce((worst, shape) => (shape.throughput < worst.throughput ? shape : worst));
    const worstP99 = compared.reduce((worst, shape) => (shape.p99 > worst.p99 ? shape : worst));
    lines.push(
      `${subject} against ${peer} over the ${compared.length} shapes it expresses: throughput ratio worst ${times(worstThroughput.throughput)} ` +
        `("${worstThroughput.name}"${worstThroughput.byRound.length > 1 ? `, by round ${worstThroughput.byRound.map(times).join(', ')}` : ''}), ` +
        `median ${times(median(compared.map((shape) => shape.throughput)))}; p99 ratio worst ${times(worstP99.p99)} ` +
        `("${worstP99.name}"), median ${times(median(compared.map((shape) => shape.p99)))}.`,
    );
  }
  const levelByLevel = new Map<string, number>();
  for (const { query } of figures) for (const field of levelByLevelIn((query as ShapeQuery).shape)) levelByLevel.set(field, (levelByLevel.get(field) ?? 0) + 1);
  lines.push(
    `Fields that resolve level by level (a statement of their own, why: src/schema/selection-read-ahead.ts), in how many shapes: ` +
      `${[...levelByLevel].sort(([, a], [, b]) => b - a).map(([field, count]) => `${field} ${count}`).join(', ') || 'none'}.`,
  );
  const statements = [
    ...figures.map(({ statementsPerRequest }) => statementsPerRequest.get(subject)!),
    ...failures.flatMap((failure) => (failure.statementsPerRequest === undefined ? [] : [failure.statementsPerRequest])),
  ];
  if (statements.length > 0) {
    lines.push(
      `${subject}'s statements per request over all ${statements.length} shapes: min ${Math.min(...statements).toFixed(2)}, ` +
        `median ${median(statements).toFixed(2)}, max ${Math.max(...statements).toFixed(2)}.`,
    );
  }
  return lines.join('\n');
}
