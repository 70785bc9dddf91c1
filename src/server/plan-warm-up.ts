import { graphql, type GraphQLSchema } from 'graphql';
import type { GraphClient } from '../graph/driver';
import { logger } from '../logger';
import { createContext } from '../schema/context';

/**
 * A document that runs the loader statements of the common paths (a page of matches, their teams,
 * goals, scorers, line-ups and coaches, a player's goals and their tournaments). Neo4j compiles a
 * statement's plan on its first run, which made the first request after start-up over 100 times
 * slower than the warm median in the bench; run once before readiness, the plans are cached.
 */
const WARM_UP_DOCUMENT = `{
  matches(first: 20) { totalCount nodes {
    id tournament { year } venue { name } homeTeam { name } awayTeam { name }
    goals { minute team { name } assistedBy { name } scorer { name goals { match { date tournament { year } } } } }
    appearances { starter player { name } team { id } }
    coaches { coach { name } team { id } } } }
}`;

/** Never fails: a plan not warmed only makes the first request slower. */
export async function warmStatementPlans(schema: GraphQLSchema, graph: GraphClient): Promise<void> {
  const started = Date.now();
  const result = await graphql({ schema, source: WARM_UP_DOCUMENT, contextValue: createContext(graph) }).catch((error: unknown) => ({
    errors: [error],
  }));
  if (result.errors?.length) logger.warn({ errors: result.errors }, 'warming the statement plans failed');
  else logger.info({ ms: Date.now() - started }, 'statement plans warmed');
}
