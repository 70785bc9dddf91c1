import { createAssistCoverageLoader, createAssistLinksLoader } from '../analytics/assists.query';
import { createMeetingsLoader } from '../analytics/head-to-head.query';
import { createLeadersLoader } from '../analytics/leaders.query';
import { createPathLoader } from '../analytics/path.query';
import { createSearchLoader } from '../analytics/search.query';
import { BatchWaves, type GraphReader, type LoaderEnv } from './batched-loader';
import { claimLoaders } from './claim.loaders';
import { loaderSet, type LoaderFactories, type LoaderSet } from './loader-set';
import { matchLoaders } from './match.loaders';
import { nodeLoaders } from './node.loaders';
import { pageLoaders } from './page.loaders';
import { personLoaders } from './person.loaders';
import { provenanceLoaders } from './provenance.loaders';
import { tournamentLoaders } from './tournament.loaders';

/** Every loader a request can use, by the name resolvers and look-ahead know it by. */
const LOADERS = {
  ...nodeLoaders,
  ...matchLoaders,
  ...personLoaders,
  ...provenanceLoaders,
  ...claimLoaders,
  ...pageLoaders,
  ...tournamentLoaders,
  meetings: (env: LoaderEnv) => createMeetingsLoader(env),
  assistLinks: (env: LoaderEnv) => createAssistLinksLoader(env),
  assistCoverage: (env: LoaderEnv) => createAssistCoverageLoader(env),
  leaders: (env: LoaderEnv) => createLeadersLoader(env),
  path: (env: LoaderEnv) => createPathLoader(env),
  search: (env: LoaderEnv) => createSearchLoader(env),
} satisfies LoaderFactories;

const requestLoaders = loaderSet(LOADERS);

/**
 * The loader set of one GraphQL request, each loader made on first use (loader-set.ts). Never
 * share it between requests: its caches would serve one request's reads to another and outlive
 * writes. Its `env` is for loaders defined elsewhere (`batchMany(loaders.env, ...)`) to join this
 * request's waves. `lookAhead: false` turns off the includes of look-ahead.ts (each level then
 * sends its own statement), for tests comparing the two. `compiler` compiles new look-ahead
 * statements outside the request's deadline (`LoaderEnv.compiler`); `compileOnFirstSight` compiles
 * them on their first request (`LoaderEnv.compileOnFirstSight`).
 */
export function createLoaders(
  graph: GraphReader,
  { lookAhead = true, compiler, compileOnFirstSight }: { lookAhead?: boolean; compiler?: GraphReader; compileOnFirstSight?: boolean } = {},
): Loaders {
  const env: LoaderEnv = { graph, waves: new BatchWaves(), compiler, compileOnFirstSight };
  const loaders = requestLoaders(env);
  if (lookAhead) env.registry = loaders;
  return loaders;
}

export type Loaders = LoaderSet<typeof LOADERS>;
