import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { graphql, type GraphQLSchema } from 'graphql';
import type { GraphClient } from '../graph/driver/driver';
import { createLoaders } from '../graph/read/loaders/create-loaders';
import { forgetLookAheadPlans, lookAheadCompilations } from '../graph/read/loaders/look-ahead';
import { refreshPlannerStatistics } from '../graph/driver/planner-statistics';
import { logger } from '../logger';

/**
 * A document that runs the loader statements of the common paths (a page of matches, their teams,
 * goals, scorers, line-ups and coaches, players' goals and their tournaments). Neo4j compiles a
 * statement's plan on its first run, which made the first request after start-up over 100 times
 * slower than the warm median in the bench; run before readiness, the plans are cached. Each round
 * runs it level by level, as the first requests of any new selection are read (loaders/look-ahead.ts),
 * and with look-ahead, whose statement the first round compiles (`compileOnFirstSight`), for the later rounds.
 */
const WARM_UP_DOCUMENT = `query WarmUp($first: Int!) {
  matches(first: $first) { totalCount nodes {
    id tournament { year } venue { name } homeTeam { name } awayTeam { name }
    goals { minute team { name } assistedBy { name } scorer { name goals { match { date tournament { year } } } } }
    appearances { starter player { name } team { id } }
    coaches { coach { name } team { id } } } }
  players(first: $first) { nodes { name goals { minute penalty match { date stage tournament { year } } } } }
  search(text: "argentina", first: $first) { id }
}`;

/**
 * One page size is enough: the loaders send their ids inside a map (`$ids.items`), so Neo4j plans
 * each statement once whatever the number of ids (plan-cache.ts), for a look-up of one match as for
 * a head-to-head's six or a page of twenty.
 */
export const WARM_UP_PAGE_SIZE = 20;

/** At most this many runs of the document: a freshly started Neo4j's JVM needs a few to compile its hot paths. */
export const MAX_WARM_UP_ROUNDS = 5;

/**
 * The server's own warm-up compiles its look-ahead statements on their first request
 * (`compileOnFirstSight`), so rounds from this one on read ahead.
 */
export const FIRST_ROUND_READING_AHEAD = 1;

/** At least this many: until the look-ahead statement has been compiled and then run once. */
export const MIN_WARM_UP_ROUNDS = FIRST_ROUND_READING_AHEAD + 1;

/**
 * Whether another run would still pay: the look-ahead statement has not run yet, or the last run
 * was clearly faster than the one before (the JVMs are still compiling). Measured on a restarted Neo4j: 13.5 s, 0.6 s, 0.4 s, 0.4 s.
 */
export function warmingStillPays(roundMs: readonly number[]): boolean {
  if (roundMs.length >= MAX_WARM_UP_ROUNDS) return false;
  if (roundMs.length < MIN_WARM_UP_ROUNDS) return true;
  return roundMs.at(-1)! < 0.8 * roundMs.at(-2)!;
}

/**
 * Never fails: a plan not warmed only makes the first request slower. Returns how long each round
 * took, or undefined when warming failed. `replan` first refreshes the planner's statistics, which
 * empties Neo4j's plan cache: wanted after writes or a restart of Neo4j, not when this process only
 * restarted against a Neo4j whose cached plans were made on the same data (its plans are then
 * kept, for this process and for any other API process sharing the database).
 */
export async function warmStatementPlans(schema: GraphQLSchema, graph: GraphClient, { replan }: { replan: boolean }): Promise<number[] | undefined> {
  try {
    // At start-up there is nothing to forget; after an outage Neo4j may have restarted without its plans.
    forgetLookAheadPlans();
    if (replan) await refreshPlannerStatistics(graph);
    const roundMs: number[] = [];
    do {
      const started = Date.now();
      // Level by level too: that is how the first request of every new selection is read, and a
      // statement run only once was slow again in that request (0.45 s instead of milliseconds).
      for (const lookAhead of [false, true]) {
        const contextValue = { loaders: createLoaders(graph, { lookAhead, compileOnFirstSight: true }) };
        const result = await graphql({ schema, source: WARM_UP_DOCUMENT, variableValues: { first: WARM_UP_PAGE_SIZE }, contextValue });
        if (result.errors?.length) throw new AggregateError(result.errors, result.errors[0]!.message);
      }
      roundMs.push(Date.now() - started);
      await lookAheadCompilations();
    } while (warmingStillPays(roundMs));
    logger.info({ roundMs }, 'statement plans warmed');
    return roundMs;
  } catch (error) {
    logger.warn({ err: error }, 'warming the statement plans failed');
    return undefined;
  }
}

/** The playground's example queries (web/examples), which it opens as its first tabs. */
export const EXAMPLES_DIR = path.resolve(__dirname, '..', '..', 'web', 'examples');

/** The example files of `dir` in name order (the playground's order of tabs), with their text. */
export async function readExampleQueries(dir = EXAMPLES_DIR): Promise<Array<{ file: string; query: string }>> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.graphql')).sort();
  return Promise.all(files.map(async (file) => ({ file, query: await readFile(path.join(dir, file), 'utf8') })));
}

/**
 * Runs of each example: one that compiles its look-ahead statement, then thirteen reading ahead.
 * Fewer left V8 and Neo4j's JITs optimising the examples' code during a first visitor's requests
 * (docs/performance.md, Start-up). The warm-up's requests pass the rate limit (`WARM_UP_HEADER`).
 */
export const EXAMPLE_WARM_UP_RUNS = FIRST_ROUND_READING_AHEAD + 13;

/**
 * Of those, the runs made before readiness: enough for every example's look-ahead statement to be
 * compiled, planned and run once, which is what made first requests slow. The rest run right after
 * readiness, where they cost the person waiting for `npm start` nothing.
 */
export const EXAMPLE_WARM_UP_RUNS_BEFORE_READY = FIRST_ROUND_READING_AHEAD + 1;

/**
 * Sends every example query to the server, as a client would, often enough for each to be read
 * with its look-ahead statement, compiled and planned, before readiness turns 200: they are what a
 * first visit to the playground sends. `warmStatementPlans` covers the common loader statements,
 * but an example's own shape was still read level by level on its first request and its statements
 * planned then: the head-to-head example took 543 ms, 26 times its warm median. Run through Apollo
 * in-process three times each, the first request still took 1.7-2.2 times; sent over HTTP
 * (`queryOverHttp`, which warms the route's own code too) five times each, 1.5-2.0 times. The
 * requests carry the process's warm-up token (rate-limit.ts, `WARM_UP_HEADER`), so they spend no
 * client's rate-limit budget and are never refused by it. Never fails: an example
 * that does not answer only stays cold, and is logged. Returns the warm-up's duration in ms.
 */
export async function warmExampleQueries(
  execute: (query: string) => Promise<string[]>,
  { dir = EXAMPLES_DIR, rounds = { from: 0, to: EXAMPLE_WARM_UP_RUNS } }: { dir?: string; rounds?: { from: number; to: number } } = {},
): Promise<number> {
  const started = Date.now();
  try {
    const examples = await readExampleQueries(dir);
    for (let round = rounds.from; round < rounds.to; round++) {
      // The rounds from here on run the statements compiled after the round before.
      if (round === FIRST_ROUND_READING_AHEAD) await lookAheadCompilations();
      for (const { file, query } of examples) {
        const errors = await execute(query);
        if (errors.length > 0) logger.warn({ example: file, errors }, 'an example query failed while warming up');
      }
    }
    logger.info({ examples: examples.length, rounds, ms: Date.now() - started }, 'example queries warmed');
  } catch (error) {
    logger.warn({ err: error }, 'warming the example queries failed');
  }
  return Date.now() - started;
}

/**
 * Sends `query` to the GraphQL endpoint at `url` as a JSON POST asking for a fresh answer
 * (`Cache-Control: no-cache`), with `headers`, and resolves to the answer's error messages, none
 * when it succeeded.
 */
export function queryOverHttp(url: string, headers: Record<string, string> = {}, timeoutMs = 30_000): (query: string) => Promise<string[]> {
  return async (query) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'cache-control': 'no-cache' },
      body: JSON.stringify({ query }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await res.json()) as { errors?: Array<{ message: string }> };
    const errors = body.errors?.map((error) => error.message) ?? [];
    return res.ok || errors.length > 0 ? errors : [`HTTP ${res.status}`];
  };
}
