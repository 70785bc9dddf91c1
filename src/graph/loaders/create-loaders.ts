import { createAssistCoverageLoader, createAssistLinksLoader } from '../analytics/assists.query';
import { createMeetingsLoader } from '../analytics/head-to-head.query';
import { createLeadersLoader } from '../analytics/leaders.query';
import { createPathLoader } from '../analytics/path.query';
import { createSearchLoader } from '../analytics/search.query';
import { BatchWaves, type GraphReader, type LoaderEnv } from './batched-loader';
import { createClaimLoaders } from './claim.loaders';
import { createMatchLoaders } from './match.loaders';
import { createNodeLoaders } from './node.loaders';
import { createPageLoaders } from './page.loaders';
import { createPersonLoaders } from './person.loaders';
import { createProvenanceLoaders } from './provenance.loaders';
import { createTournamentLoaders } from './tournament.loaders';

/**
 * The loader set of one GraphQL request. Never share it between requests: its caches would serve
 * one request's reads to another and outlive writes. `lookAhead: false` turns off the includes of
 * look-ahead.ts (each level then sends its own statement), for tests comparing the two. `compiler`
 * compiles new look-ahead statements outside the request's deadline (`LoaderEnv.compiler`).
 */
export function createLoaders(graph: GraphReader, { lookAhead = true, compiler }: { lookAhead?: boolean; compiler?: GraphReader } = {}) {
  const env: LoaderEnv = { graph, waves: new BatchWaves(), compiler };
  const loaders = {
    /** For loaders defined elsewhere (`batchMany(loaders.env, ...)`) to join this request's waves. */
    env,
    ...createNodeLoaders(env),
    ...createMatchLoaders(env),
    ...createPersonLoaders(env),
    ...createProvenanceLoaders(env),
    ...createClaimLoaders(env),
    ...createPageLoaders(env),
    ...createTournamentLoaders(env),
    meetings: createMeetingsLoader(env),
    assistLinks: createAssistLinksLoader(env),
    assistCoverage: createAssistCoverageLoader(env),
    leaders: createLeadersLoader(env),
    path: createPathLoader(env),
    search: createSearchLoader(env),
  };
  if (lookAhead) env.registry = loaders;
  return loaders;
}

export type Loaders = ReturnType<typeof createLoaders>;
