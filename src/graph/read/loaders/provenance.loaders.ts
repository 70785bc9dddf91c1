import { batchMany, type LoaderEnv } from './batched-loader';
import type { LoaderFactories } from './loader-set';
import { claimRow, sourceRow } from './projections';
import type { AssertionRow, ClaimRow, SourceRow } from './rows';

/** The one key of `everySource`: the list has no parameter, the loader only joins the request's waves. */
export const EVERY_SOURCE = 'every-source';

const SOURCES = sourceRow.at('s');

/** Where facts come from, and what sources disagree on or claim, keyed by any entity's id. */
export const provenanceLoaders = {
  everySource: (env: LoaderEnv) => batchMany<SourceRow>(env,
    `UNWIND $ids.items AS id
     MATCH (s:Source)
     WITH id, s ORDER BY s.title, s.id
     RETURN id AS key, ${SOURCES.list} AS value`,
    SOURCES,
  ),
  sourcesOf: (env: LoaderEnv) => batchMany<SourceRow>(env,
    `UNWIND $ids.items AS id
     MATCH (:Entity {id: id})-[:SOURCED_FROM]->(s:Source)
     WITH id, s ORDER BY s.id
     RETURN id AS key, ${SOURCES.list} AS value`,
    SOURCES,
  ),
  assertionsOf: (env: LoaderEnv) => batchMany<AssertionRow>(env,
    `UNWIND $ids.items AS id
     MATCH (:Entity {id: id})-[:HAS_ASSERTION]->(a:Assertion)
     WITH id, a ORDER BY a.field, a.preferred DESC, a.id
     RETURN id AS key, a {.id, .field, .value, .valueType, preferred: coalesce(a.preferred, false), .reason,
       sources: [(a)-[:SOURCED_FROM]->(s:Source) | ${sourceRow.map('s')}]} AS value`,
  ),
  claimsAbout: (env: LoaderEnv) => batchMany<ClaimRow>(env,
    `UNWIND $ids.items AS id
     MATCH (c:Claim)-[:ABOUT]->(:Entity {id: id})
     WITH id, c ORDER BY c.id
     RETURN id AS key, ${claimRow.map('c')} AS value`,
  ),
} satisfies LoaderFactories;
