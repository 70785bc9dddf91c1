import { batchMany, batchOne, type GraphLoader, type LoaderEnv } from './batched-loader';
import type { LoaderFactories } from './loader-set';
import { ENTITIES, type InverseLoaderName, type InverseRelationship, type ListedLabel, type RowLabel } from '../../model/model';
import { entityProjection, matchChronology, personRow, rowOfLabel, teamRow, type RowProjection } from './projections';
import type { EntityRow, NameCandidateRow, PersonRow, RowOf, TeamRow } from './rows';

/** `label` and `projection` are constants of this file, never user input. */
const byIdCypher = (label: string, value: string) => `UNWIND $ids.items AS id MATCH (n:${label} {id: id}) RETURN id AS key, ${value} AS value`;

function byId<V>(env: LoaderEnv, label: string, projection: RowProjection<[]>) {
  const row = projection.at('n');
  return batchOne<V>(env, byIdCypher(label, row.list), row);
}

/**
 * Keys are folded names (fold.ts). The full-text index finds every node whose
 * names contain all the words; `exact` marks those with the name among their normalised aliases, so
 * "enzo fernandez" is an exact hit and "martinez" a set of partial ones to choose from.
 */
function byName<V>(env: LoaderEnv, label: string, projection: RowProjection<[]>) {
  return batchMany<NameCandidateRow<V>>(env,
    `UNWIND $ids.items AS id
     CALL db.index.fulltext.queryNodes('entity_folded_names', reduce(q = '', word IN split(id, ' ') | q + ' +' + word))
       YIELD node
     WITH id, node WHERE node:${label}
     RETURN id AS key, {exact: id IN node.nameKeys, node: ${projection.map('node')}} AS value
     ORDER BY node.name, node.id`,
  );
}

/** The name of the look-up by id of nodes of `label` (`player`, `team`). */
export const byIdLoaderName = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

/** The name of the loader of the nodes pointing at a `target` node along the relationship whose inverse is `inverse`. */
export const inverseLoaderName = (target: string, inverse: string) => `${byIdLoaderName(target)}${inverse.charAt(0).toUpperCase()}${inverse.slice(1)}`;

/** The order of a list of nodes of `label` bound to `n`: matches in time, named nodes by name, numbered ones by match and number, then by id. */
function listOrder(label: string, n: string): string {
  if (label === 'Match') return `${matchChronology(n)}, ${n}.id`;
  const entity = ENTITIES.find((declared) => declared.label === label);
  if (entity?.fields.name) return `${n}.name, ${n}.id`;
  return entity?.numberedId && entity.fields.sequence ? `${n}.matchId, ${n}.sequence, ${n}.id` : `${n}.id`;
}

type InverseLoaders = {
  readonly [R in InverseRelationship as InverseLoaderName<R>]: (env: LoaderEnv) => GraphLoader<string, Array<RowOf<R['label']>>>;
};

/** For each relationship declaring an `inverse` (model.ts), the nodes pointing at a node along it, as rows, in `listOrder`. */
const inverseLoaders = Object.fromEntries(ENTITIES.flatMap((entity) => entity.relationships.flatMap((relationship) => {
  if (!relationship.inverse) return [];
  const row = rowOfLabel(entity.label).at('n');
  const [left, right] = relationship.direction === 'out' ? ['<-', '-'] : ['-', '->'];
  const cypher = `UNWIND $ids.items AS id
     MATCH (:${relationship.target} {id: id})${left}[:${relationship.type}]${right}(n:${entity.label})
     WITH id, n ORDER BY ${listOrder(entity.label, 'n')}
     RETURN id AS key, ${row.list} AS value`;
  return [[inverseLoaderName(relationship.target, relationship.inverse), (env: LoaderEnv) => batchMany(env, cypher, row)]];
}))) as InverseLoaders;

/** The one key of an `every{Label}` loader: the list has no parameter, the loader only joins the request's waves. */
export const EVERY_NODE = 'every-node';

type EveryNodeLoaders = { readonly [L in ListedLabel as `every${L}`]: (env: LoaderEnv) => GraphLoader<string, Array<RowOf<L>>> };

/** Every node of each kind declared `listed` (model.ts), as rows, in `listOrder`. */
const everyNodeLoaders = Object.fromEntries(ENTITIES.flatMap((entity) => {
  if (!entity.listed) return [];
  const row = rowOfLabel(entity.label).at('n');
  const cypher = `UNWIND $ids.items AS id
     MATCH (n:${entity.label})
     WITH id, n ORDER BY ${listOrder(entity.label, 'n')}
     RETURN id AS key, ${row.list} AS value`;
  return [[`every${entity.label}`, (env: LoaderEnv) => batchMany(env, cypher, row)]];
})) as EveryNodeLoaders;

type ByIdLoaders = { readonly [L in RowLabel as Uncapitalize<L>]: (env: LoaderEnv) => GraphLoader<string, RowOf<L> | null> };

/**
 * A look-up by id for every label model.ts reads rows by, roles included, named after the label
 * (`player`, `team`): relation fields and the model's read-ahead (selection-read-ahead.ts) find them so.
 */
const byIdLoaders = Object.fromEntries(ENTITIES.flatMap((entity) => (entity.row
  ? [entity.label, ...(entity.roles ?? [])].map((label) => [
    byIdLoaderName(label),
    (env: LoaderEnv) => byId(env, label, rowOfLabel(entity.label)),
  ])
  : []))) as ByIdLoaders;

/** Look-ups by id and by name, and of the nodes pointing at a node; every relation field ends in one of these. */
export const nodeLoaders = {
  ...byIdLoaders,
  ...inverseLoaders,
  ...everyNodeLoaders,
  // A row of any label: its fields depend on the label, so it stays a map.
  entity: (env: LoaderEnv) => batchOne<EntityRow>(env, byIdCypher('Entity', entityProjection('n'))),
  playersByName: (env: LoaderEnv) => byName<PersonRow>(env, 'Player', personRow),
  coachesByName: (env: LoaderEnv) => byName<PersonRow>(env, 'Coach', personRow),
  teamsByName: (env: LoaderEnv) => byName<TeamRow>(env, 'Team', teamRow),
} satisfies LoaderFactories;
