import { bumpDataVersion } from './data-version';
import type { FactBundle } from './bundle';
import type { GraphTransaction } from './driver';
import { nameKeys } from './identity';
import { definedIds, ENTITIES, LINKS, referencedIds, replaceableRelationships, type EntityDeclaration, type RelationshipDeclaration } from './model';

export interface WriteOptions {
  /** Rows per UNWIND statement. Default 5000: large enough to amortise round trips, small enough for a 512 MB heap. */
  batchSize?: number;
  /** Rank of every source (dispute-ranking.ts), to settle relationship properties; default none. */
  sourceRanks?: Record<string, number>;
  /** Called after each statement with the record kind and rows written so far (progress bars). */
  onProgress?: (kind: string, written: number, total: number) => void;
}

export type WriteCounts = Record<string, number>;

/**
 * Writes a bundle with `UNWIND` + `MERGE` on ids, inside the caller's transaction so that one file
 * (or one import) commits or rolls back as a whole. Idempotent: re-writing the same bundle changes
 * nothing. Null values never overwrite what another source already wrote, aliases and sources are
 * unions, so merging a lighter source into a richer one loses nothing.
 */
export async function writeBundle(
  tx: GraphTransaction,
  bundle: FactBundle,
  options: WriteOptions = {},
): Promise<WriteCounts> {
  const batchSize = options.batchSize ?? 5000;
  const dangling = await findDanglingReferences(tx, bundle);
  if (dangling.length > 0) {
    throw new Error(
      `bundle refers to ids that are neither in it nor in the graph: ${dangling.slice(0, 20).join(', ')}` +
        (dangling.length > 20 ? ` (+${dangling.length - 20} more)` : ''),
    );
  }
  const counts: WriteCounts = {};
  for (const step of writeSteps(bundle).map((step) => withDeclaredTail(step, bundle))) {
    for (let start = 0; start < step.rows.length; start += batchSize) {
      const rows = step.rows.slice(start, start + batchSize).map(sortedLists);
      await tx.run(step.cypher, { rows, ranks: options.sourceRanks ?? {} });
      options.onProgress?.(step.kind, Math.min(start + batchSize, step.rows.length), step.rows.length);
    }
    counts[step.kind] = (counts[step.kind] ?? 0) + step.rows.length;
  }
  await bumpDataVersion(tx);
  return counts;
}

/**
 * The statements below MATCH the nodes a record points at; a missing one would silently drop the
 * row. Checking first turns that into an error that names the ids, before anything is written.
 */
async function findDanglingReferences(tx: GraphTransaction, bundle: FactBundle): Promise<string[]> {
  const defined = definedIds(bundle);
  const unresolved = referencedIds(bundle).filter((id) => !defined.has(id));
  if (unresolved.length === 0) return [];
  const rows = await tx.run<{ id: string }>(
    `UNWIND $ids AS id OPTIONAL MATCH (n:Entity {id: id}) WITH id, n WHERE n IS NULL RETURN id`,
    { ids: unresolved },
  );
  return rows.map((row) => row.id);
}

interface WriteStep {
  kind: string;
  rows: Array<Record<string, unknown>>;
  cypher: string;
}

/** Record properties that steer the reconciler and are written otherwise (statedBy) or not at all. */
const RECONCILER_INPUTS = ['statedBy', 'bySource', 'disagreeing'];

/** Drops null and undefined: `SET n += {x: null}` would delete x, erasing another source's value. */
export function definedProps(record: object, omit: readonly string[] = []): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value !== null && value !== undefined && !omit.includes(key) && !RECONCILER_INPUTS.includes(key)) props[key] = value;
  }
  return props;
}

function namedRow(record: { id: string; name: string; aliases: string[]; sources: string[] }, omit: string[]) {
  const aliases = [...new Set([record.name, ...record.aliases])];
  return {
    id: record.id,
    props: definedProps(record, ['aliases', 'sources', ...omit]),
    aliases,
    nameKeys: nameKeys(aliases),
    sources: record.sources,
  };
}

// Fragments shared by the statements below; static text, never user input.
// Players and coaches are matched as `:Person:Player`: Person's unique constraint gives an index
// seek even with plans compiled on an empty database, where a `:Player` index alone lost to a
// label scan per row (the first full import took minutes instead of seconds).
const LINK_SOURCES = `
WITH n, row
CALL (n, row) {
  UNWIND row.sources AS sourceId
  MATCH (s:Source {id: sourceId})
  MERGE (n)-[:SOURCED_FROM]->(s)
}`;
/**
 * `property` becomes the union of what it held and `incoming`, sorted: the same list whatever order
 * the sources came in.
 */
const union = (property: string, incoming: string) =>
  `${property} = CASE
     WHEN ${property} IS NULL THEN ${incoming}
     WHEN all(x IN ${incoming} WHERE x IN ${property}) THEN ${property}
     ELSE COLLECT { UNWIND ${property} + ${incoming} AS x RETURN DISTINCT x ORDER BY x } END`;

/** The list properties `union` merges; rows carry them sorted and distinct, as the graph keeps them. */
const UNION_LISTS = ['aliases', 'nameKeys', 'sources', 'sourceKeys', 'hosts', 'statedBy'];

function sortedLists(row: Record<string, unknown>): Record<string, unknown> {
  const sorted = { ...row };
  for (const key of UNION_LISTS) {
    const list = row[key];
    if (Array.isArray(list)) sorted[key] = [...new Set(list as string[])].sort();
  }
  return sorted;
}
const MERGE_NAMES = `
SET ${union('n.aliases', 'row.aliases')}, ${union('n.nameKeys', 'row.nameKeys')}
SET n.nameText = reduce(text = '', a IN n.aliases | text + ' ' + a)`;
const mergeRelSources = (rel: string, property?: string) =>
  `SET ${union(`${rel}.sources`, property ? `[source IN row.sources WHERE NOT source IN coalesce(row.disagreeing.${property}, [])]` : 'row.sources')}`;
const MERGE_REL_SOURCES = mergeRelSources('r');

/**
 * What every entity statement ends with, derived from the model: the fields its sources stated
 * join `statedBy`, and a single-valued relationship whose preferred target changed loses its old
 * edge (a goal keeps exactly one SCORED).
 */
function withDeclaredTail(step: WriteStep, bundle: FactBundle): WriteStep {
  const entity = ENTITIES.find((e) => e.kind === step.kind);
  if (!entity || entity.kind === 'assertions') return step;
  const records = bundle[entity.kind] as Array<{ statedBy?: string[] }>;
  const replaced = replaceableRelationships(entity.kind).map(dropReplacedEdge).join('\n');
  return {
    ...step,
    rows: step.rows.map((row, i) => ({ ...row, statedBy: records[i]?.statedBy ?? [] })),
    cypher: `${step.cypher}
      WITH n, row
      SET ${union('n.statedBy', 'row.statedBy')}
      ${replaced}`,
  };
}

function dropReplacedEdge(relationship: RelationshipDeclaration): string {
  const edge = relationship.direction === 'out' ? `(n)-[old:${relationship.type}]->(other)` : `(n)<-[old:${relationship.type}]-(other)`;
  return `WITH n, row
      CALL (n, row) {
        MATCH ${edge}
        WHERE row.${relationship.property} IS NOT NULL AND other.id <> row.${relationship.property}
        DELETE old
      }`;
}

/**
 * Sets a relationship's declared properties: the best-ranked source stating them wins whatever the
 * load order, a worse one fills only what is missing, a new relationship takes what it is given.
 * Also what `withDeclaredTail` does for nodes: the stating sources join `r.statedBy`.
 */
function settleLinkProps(kind: keyof FactBundle): string {
  const fields = LINKS.find((link) => link.kind === kind)!.fields;
  return `
    WITH r, row, r.sources IS NULL AS fresh,
         reduce(held = null, s IN coalesce(r.statedBy, []) | CASE WHEN held IS NULL OR $ranks[s] < held THEN $ranks[s] ELSE held END) AS held
    WITH r, row, fresh OR (row.rank IS NOT NULL AND (held IS NULL OR row.rank <= held)) AS better
    SET ${fields.map((f) => `r.${f} = CASE WHEN row.props.${f} IS NOT NULL AND (better OR r.${f} IS NULL) THEN row.props.${f} ELSE r.${f} END`).join(',\n        ')}
    SET ${union('r.statedBy', 'row.statedBy')}`;
}

/** The writer's row for a relationship record: its ends, declared properties, sources and rank. */
function linkRow(record: { sources: string[]; statedBy?: string[]; rank?: number | null }, ends: Record<string, unknown>, omit: string[]) {
  return { ...ends, sources: record.sources, statedBy: record.statedBy ?? [], rank: record.rank ?? null, props: definedProps(record, ['sources', 'rank', ...omit]) };
}

/**
 * Per kind, what its statement does beyond the declared fields and relationships: extra row
 * properties, record properties kept off the node, and a Cypher tail (static text).
 */
interface KindExtras {
  row?: (record: Record<string, unknown>) => Record<string, unknown>;
  omit?: string[];
  cypher?: string;
}

const KIND_EXTRAS: Partial<Record<keyof FactBundle, KindExtras>> = {
  // Roles are labels, not a property.
  people: {
    row: (p) => ({ player: (p.roles as string[]).includes('Player'), coach: (p.roles as string[]).includes('Coach') }),
    omit: ['roles'],
    cypher: `
        FOREACH (_ IN CASE WHEN row.player THEN [1] ELSE [] END | SET n:Player)
        FOREACH (_ IN CASE WHEN row.coach THEN [1] ELSE [] END | SET n:Coach)`,
  },
  // SET_UP (assister to scorer) follows the goal's preferred scorer and assister.
  goals: {
    cypher: `
        WITH n, row
        CALL (n, row) {
          MATCH (n)<-[:SCORED|ASSISTED]-(p)-[old:SET_UP {goalId: row.id}]-()
          WHERE NOT p.id IN [row.scorerId, row.assistId]
          DELETE old
        }
        WITH n, row
        CALL (n, row) {
          MATCH (assister:Person:Player {id: row.assistId}), (scorer:Person:Player {id: row.scorerId})
          MERGE (assister)-[s:SET_UP {goalId: row.id}]->(scorer)
          SET s.matchId = row.matchId ${mergeRelSources('s', 'assistId')}
        }`,
  },
  claims: {
    row: (c) => ({ about: c.about }),
    omit: ['about'],
    cypher: `
        WITH n, row
        CALL (n, row) {
          UNWIND row.about AS subject
          MATCH (e:Entity {id: subject.id})
          MERGE (n)-[r:ABOUT]->(e) SET r.role = subject.role
        }`,
  },
};

/** Players are matched as `:Person:Player` (see above); every other target by its own label. */
const targetLabels = (label: string) => (label === 'Player' ? 'Person:Player' : label);

/**
 * One entity kind's statement, derived from its declaration in model.ts: MERGE on the id, the
 * label, the fields as properties, `union` fields merged as sorted lists, each declared relationship
 * to its target. Labels, relationship types and property names in this text come only from those
 * declarations, never from input; every value is a parameter (`$rows`).
 */
function entityStep(entity: EntityDeclaration, bundle: FactBundle): WriteStep {
  const extras = KIND_EXTRAS[entity.kind] ?? {};
  const references = entity.relationships.map((r) => r.property);
  const lists = Object.entries(entity.fields).filter(([, field]) => field.policy === 'union').map(([name]) => name);
  const named = lists.includes('nameKeys');
  const ownLists = lists.filter((name) => !named || !['aliases', 'nameKeys'].includes(name));
  const omit = [...references, ...ownLists, ...(extras.omit ?? [])];
  const sourced = entity.label !== 'Source';
  const rows = (bundle[entity.kind] as unknown as Array<Record<string, unknown> & { id: string; name: string; sources: string[] }>).map((record) => ({
    ...(named
      ? namedRow({ ...record, aliases: (record.aliases as string[] | undefined) ?? [] }, omit)
      : { id: record.id, sources: record.sources, props: definedProps(record, ['sources', ...omit]) }),
    ...Object.fromEntries(references.map((property) => [property, record[property] ?? null])),
    ...Object.fromEntries(ownLists.map((name) => [name, record[name] ?? []])),
    disagreeing: record.disagreeing ?? {},
    ...extras.row?.(record),
  }));
  const required = entity.relationships.filter((r) => !r.optional);
  // Targets every record names are matched up front, as one pattern: cheaper than a subquery each.
  const targets = required.map((r, i) => `(t${i}:${targetLabels(r.target)} {id: row.${r.property}})`);
  const merge = (r: RelationshipDeclaration, target: string) =>
    `MERGE ${r.direction === 'out' ? `(n)-[r:${r.type}]->(${target})` : `(n)<-[r:${r.type}]-(${target})`} ${r.sourced ? mergeRelSources('r', r.property) : ''}`;
  const carried = ['n', 'row', ...required.map((_, i) => `t${i}`)].join(', ');
  const requiredEdges = required.map((r, i) => `
        WITH ${carried}
        ${merge(r, `t${i}`)}`);
  const optionalEdges = entity.relationships.filter((r) => r.optional).map((r) => `
        WITH n, row
        CALL (n, row) {
          MATCH (target:${targetLabels(r.target)} {id: row.${r.property}})
          ${merge(r, 'target')}
        }`);
  return {
    kind: entity.kind,
    rows,
    cypher: `UNWIND $rows AS row
        ${targets.length > 0 ? `MATCH ${targets.join(', ')}` : ''}
        MERGE (n:Entity {id: row.id}) SET n:${entity.label} SET n += row.props ${named ? MERGE_NAMES : ''}
        ${ownLists.map((name) => `SET ${union(`n.${name}`, `row.${name}`)}`).join('\n        ')}
        ${requiredEdges.join('')}
        ${optionalEdges.join('')}
        ${extras.cypher ?? ''} ${sourced ? LINK_SOURCES : ''}`,
  };
}

/** Entities in declaration order (a kind's targets are declared before it), then the links between them. */
function writeSteps(bundle: FactBundle): WriteStep[] {
  return [
    ...ENTITIES.map((entity) => entityStep(entity, bundle)),
    {
      kind: 'squads',
      rows: bundle.squads.map((s) =>
        linkRow(s, { playerId: s.playerId, teamId: s.teamId, tournamentId: s.tournamentId }, ['playerId', 'teamId', 'tournamentId'])),
      cypher: `UNWIND $rows AS row
        MATCH (p:Person:Player {id: row.playerId}), (t:Team {id: row.teamId})
        MERGE (p)-[r:IN_SQUAD {tournamentId: row.tournamentId}]->(t)
        ${settleLinkProps('squads')} ${MERGE_REL_SOURCES}`,
    },
    {
      kind: 'appearances',
      rows: bundle.appearances.map((a) => linkRow(a, { matchId: a.matchId, playerId: a.playerId }, ['matchId', 'playerId'])),
      cypher: `UNWIND $rows AS row
        MATCH (p:Person:Player {id: row.playerId}), (m:Match {id: row.matchId})
        MERGE (p)-[r:PLAYED_IN]->(m)
        ${settleLinkProps('appearances')} ${MERGE_REL_SOURCES}`,
    },
    {
      kind: 'awards',
      rows: bundle.awards.map((a) =>
        linkRow(a, { playerId: a.playerId, tournamentId: a.tournamentId, award: a.award }, ['playerId', 'tournamentId', 'award'])),
      cypher: `UNWIND $rows AS row
        MATCH (p:Person:Player {id: row.playerId}), (t:Tournament {id: row.tournamentId})
        MERGE (p)-[r:WON_AWARD {award: row.award}]->(t)
        ${settleLinkProps('awards')} ${MERGE_REL_SOURCES}`,
    },
    {
      kind: 'coachings',
      rows: bundle.coachings.map((c) => ({ coachId: c.coachId, teamId: c.teamId, matchId: c.matchId ?? null, sources: c.sources })),
      cypher: `UNWIND $rows AS row
        MATCH (c:Person:Coach {id: row.coachId}), (t:Team {id: row.teamId})
        MERGE (c)-[r:COACH_OF]->(t) ${MERGE_REL_SOURCES}
        WITH c, row
        CALL (c, row) {
          MATCH (m:Match {id: row.matchId})
          MERGE (c)-[r:MANAGED]->(m)
          SET r.teamId = row.teamId ${MERGE_REL_SOURCES}
        }`,
    },
  ];
}
