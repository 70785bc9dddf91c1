import { edgesOf, edgeTo, holdsAll, holdsAnyEntity, holdsProps, readGraphNodes, sameValue, type GraphEdge, type GraphNode } from './bundle-diff';
import { bumpDataVersion } from './data-version';
import type { FactBundle } from '../model/bundle';
import type { GraphClient, GraphTransaction } from '../driver/driver';
import { nameKeys } from '../model/identity';
import { unsized } from '../driver/plan-cache';
import {
  definedIds,
  ENTITIES,
  ENTRY,
  LINKS,
  referencedIds,
  replaceableRelationships,
  targetIdCypher,
  type EntityDeclaration,
  type LinkDeclaration,
  type LinkEntry,
  type LinkNode,
  type LinkTarget,
  type RelationshipDeclaration,
} from '../model/model';

export interface WriteOptions {
  /** Rows per UNWIND statement. Default 5000: large enough to amortise round trips, small enough for a 512 MB heap. */
  batchSize?: number;
  /** Rank of every source (dispute-ranking.ts), to settle relationship properties; default none. */
  sourceRanks?: Record<string, number>;
  /**
   * Ids the caller found missing from the graph when it reconciled the bundle: not looked up again.
   * Should one have been written since, its rows are merely judged changed and written again.
   */
  absent?: ReadonlySet<string>;
  /** Called after each statement with the record kind and rows written so far (progress bars). */
  onProgress?: (kind: string, written: number, total: number) => void;
}

/** Rows sent to Neo4j, by record kind: the rows that change something. */
export type WriteCounts = Record<string, number>;

/**
 * Writes a bundle with `UNWIND` + `MERGE` on ids, inside the caller's transaction so that one file
 * (or one import) commits or rolls back as a whole. Idempotent: re-writing the same bundle changes
 * nothing. Null values never overwrite what another source already wrote, aliases and sources are
 * unions, so merging a lighter source into a richer one loses nothing.
 *
 * Diff before write: the nodes the rows touch are read first (bundle-diff.ts), and a row whose
 * every effect is already in the graph is not sent. Re-sending it cost as much as writing it (each
 * MERGE locks and expands, each `union` rebuilds a list), so a re-import of unchanged data took
 * as long as the first import's writes. When no row changes anything, the data version stays: a
 * response cached for it is still right.
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
  const ranks = options.sourceRanks ?? {};
  const steps = writeSteps(bundle).map((step) => withDeclaredTail(step, bundle));
  steps.forEach((step) => step.rows.forEach(sortLists));
  const anchors = (await holdsAnyEntity((cypher) => tx.run(cypher))) ? await readAnchors(tx, steps, batchSize, options.absent) : new Map<string, GraphNode>();
  const graph: GraphView = { nodes: anchors, ranks };
  const counts: WriteCounts = {};
  // One statement goes out ahead of the one Neo4j is running, so that Node converts and encodes
  // the next batch meanwhile instead of after it; Bolt still runs them in order.
  let previous: Promise<void> = Promise.resolve();
  for (const step of steps) {
    const rows = changedRows(step, graph);
    const unchanged = step.rows.length - rows.length;
    if (rows.length === 0 && unchanged > 0) options.onProgress?.(step.kind, unchanged, step.rows.length);
    for (let start = 0; start < rows.length; start += batchSize) {
      const done = unchanged + Math.min(start + batchSize, rows.length);
      const sent = tx.run(`${KEEP_PLANS} ${step.cypher}`, { rows: unsized(rows.slice(start, start + batchSize)), ranks })
        .then(() => options.onProgress?.(step.kind, done, step.rows.length));
      // Awaited below; until then a failure must not count as unhandled (the transaction fails with the first one).
      sent.catch(() => undefined);
      await previous;
      previous = sent;
    }
    counts[step.kind] = rows.length;
  }
  await previous;
  if (Object.values(counts).some((written) => written > 0)) await bumpDataVersion(tx);
  return counts;
}

/**
 * The nodes the steps' rows touch, as the graph holds them before this write. Reading them once
 * up front is enough: a step only adds to what another step's rows look at (unions, MERGE), and
 * what it removes (a replaced edge, a stale SET_UP) is its own rows' business.
 */
async function readAnchors(
  tx: GraphTransaction,
  steps: WriteStep[],
  batchSize: number,
  absent: ReadonlySet<string> = new Set(),
): Promise<Map<string, GraphNode>> {
  const nodes = new Map<string, GraphNode>();
  const requested = new Set<string>(absent);
  // Twice: some anchors follow from nodes read in the first round (an appearance's entry from its match's tournament).
  for (let round = 0; round < 2; round++) {
    const ids = new Set<string>();
    for (const step of steps) {
      for (const row of step.rows) for (const id of step.anchors(row, nodes)) if (!requested.has(id)) ids.add(id);
    }
    if (ids.size === 0) break;
    ids.forEach((id) => requested.add(id));
    for (const [id, node] of await readGraphNodes(tx, [...ids], batchSize)) nodes.set(id, node);
  }
  return nodes;
}

/**
 * The rows of a step that would change the graph. Rows sharing a key (a team twice in one file)
 * write the same node or edge in turn: if one of them changes it, a later one may change it back,
 * so they are all sent, in order; if none does, each leaves the graph as it found it.
 */
function changedRows(step: WriteStep, graph: GraphView): Row[] {
  const keys = step.rows.map(step.key);
  const changedKeys = new Set(keys.filter((key, i) => !step.unchanged(step.rows[i]!, graph)));
  return step.rows.filter((_, i) => changedKeys.has(keys[i]!));
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
    `UNWIND $ids.items AS id OPTIONAL MATCH (n:Entity {id: id}) WITH id, n WHERE n IS NULL RETURN id`,
    { ids: unsized(unresolved) },
  );
  return rows.map((row) => row.id);
}

type Row = Record<string, unknown>;

/** What a step's `unchanged` compares a row with. */
interface GraphView {
  nodes: ReadonlyMap<string, GraphNode>;
  ranks: Record<string, number>;
}

/**
 * One statement and its rows. Beside each Cypher fragment below sits its mirror in `unchanged`,
 * which must hold only when that fragment would change nothing for the row: a row wrongly judged
 * unchanged would be lost, one wrongly judged changed is merely written again.
 */
interface WriteStep {
  kind: string;
  rows: Row[];
  cypher: string;
  /** What two rows writing the same node or edge share (a node's id, an edge's ends). */
  key: (row: Row) => string;
  /** The ids of the nodes `unchanged` looks at; called again once those of the first call are read. */
  anchors: (row: Row, nodes: ReadonlyMap<string, GraphNode>) => string[];
  unchanged: (row: Row, graph: GraphView) => boolean;
}

/** Record properties that steer the reconciler and are written otherwise (statedBy) or not at all. */
const RECONCILER_INPUTS = ['statedBy', 'bySource', 'disagreeing', 'states', 'cleared'];

/**
 * Drops null and undefined: `SET n += {x: null}` would delete x, erasing another source's value;
 * only what the reconciler `cleared` is written as null, to be deleted.
 */
export function definedProps(record: object, omit: readonly string[] = []): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value !== null && value !== undefined && !omit.includes(key) && !RECONCILER_INPUTS.includes(key)) props[key] = value;
  }
  for (const key of (record as { cleared?: string[] }).cleared ?? []) props[key] ??= null;
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

/**
 * Every write keeps the plan it was first given, even after the graph's statistics changed. The
 * plans cannot get better with them (each node is found by id, through a hint: `matchById`), and
 * replanning cost a fresh Neo4j 150-250 ms per statement after each data set's commit (measured:
 * the full import 22.3-22.6 s with it, 23.3-25.0 s without).
 */
const KEEP_PLANS = 'CYPHER replan=skip';

// Fragments shared by the statements below; static text, never user input.
/**
 * `MATCH` of nodes by id, each bound to a seek of its first label's id constraint
 * (schema/constraints.cypher). An import is one transaction, so the planner costs its statements
 * on the graph as it was before (empty, on a first import) and, replanning midway, sometimes chose
 * a scan of every Person per row: 14.6 M db hits (6.9 s) for openfootball's 1,248 squad rows,
 * 3.5 M for 308 goals. Players and coaches are matched as `:Person:Player`, for Person's constraint.
 */
function matchById(...nodes: Array<[variable: string, labels: string, id: string]>): string {
  const patterns = nodes.map(([variable, labels, id]) => `(${variable}:${labels} {id: ${id}})`);
  const hints = nodes.map(([variable, labels]) => `USING INDEX SEEK ${variable}:${labels.split(':')[0]}(id)`);
  return `MATCH ${patterns.join(', ')} ${hints.join(' ')}`;
}
const LINK_SOURCES = `
WITH n, row
CALL (n, row) {
  UNWIND row.sources AS sourceId
  ${matchById(['s', 'Source', 'sourceId'])}
  MERGE (n)-[:SOURCED_FROM]->(s)
}`;
const holdsSources = (node: GraphNode | undefined, sources: unknown) =>
  (sources as string[]).every((source) => edgeTo(node, 'SOURCED_FROM', source) !== undefined);
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

/** In place: every row is built afresh for the write, and a re-import's 80,000 rows copied twice kept the collector busy. */
function sortLists(row: Record<string, unknown>): void {
  for (const key of UNION_LISTS) {
    const list = row[key];
    if (Array.isArray(list) && !isSortedAndDistinct(list as string[])) row[key] = [...new Set(list as string[])].sort();
  }
}

/** Most lists arrive so (one source, a reconciled `statedBy`): copying them anyway was a fifth of building the rows. */
function isSortedAndDistinct(list: readonly string[]): boolean {
  for (let i = 1; i < list.length; i++) if (!(list[i - 1]! < list[i]!)) return false;
  return true;
}
/** What the name index reads: the folded names, one space before each (Cypher, static text). */
const NAME_TEXT = "reduce(text = '', k IN n.nameKeys | text + ' ' + k)";
const MERGE_NAMES = `
SET ${union('n.aliases', 'row.aliases')}, ${union('n.nameKeys', 'row.nameKeys')}
SET n.nameText = ${NAME_TEXT}`;

/**
 * Brings every named node's index text in line with its folded names, for a graph written before
 * the index read folded names (its seeds are not written again); the number of nodes it changed.
 */
export async function refreshNameText(graph: GraphClient): Promise<number> {
  const [row] = await graph.write<{ changed: number }>(
    `MATCH (n:Entity) WHERE n.nameKeys IS NOT NULL AND coalesce(n.nameText, "") <> ${NAME_TEXT}
     SET n.nameText = ${NAME_TEXT}
     RETURN count(n) AS changed`,
  );
  return row?.changed ?? 0;
}
const holdsNames = (node: GraphNode, row: Row) =>
  holdsAll(node.props.aliases, row.aliases as string[]) &&
  holdsAll(node.props.nameKeys, row.nameKeys as string[]) &&
  node.props.nameText === (node.props.nameKeys as string[]).map((key) => ` ${key}`).join('');
const mergeRelSources = (rel: string, property?: string) =>
  `SET ${union(`${rel}.sources`, property ? `[source IN row.sources WHERE NOT source IN coalesce(row.disagreeing.${property}, [])]` : 'row.sources')}`;
const MERGE_REL_SOURCES = mergeRelSources('r');
/** The sources `mergeRelSources` adds to the edge. */
const relSources = (row: Row, property?: string) => {
  const disagreeing = property ? ((row.disagreeing as Record<string, string[]> | undefined)?.[property] ?? []) : [];
  return (row.sources as string[]).filter((source) => !disagreeing.includes(source));
};
/** Whether the edge exists and already cites what `mergeRelSources` would add. */
const holdsRelSources = (edge: GraphEdge | undefined, row: Row, property?: string) =>
  edge !== undefined && holdsAll(edge.props.sources, relSources(row, property));

/**
 * Binds `e` to the entry (model.ts, ENTRY) of the team bound to `team` at the tournament bound to
 * `tournament`, creating it on first mention.
 */
const mergeEntry = (tournament: string, team: string) => `
        MERGE (e:Entity {id: ${ENTRY.idCypher(tournament, team)}}) SET e:${ENTRY.label}
        MERGE (e)-[:FOR_TEAM]->(${team})
        MERGE (e)-[:IN_TOURNAMENT]->(${tournament})`;
/** Whether `mergeEntry` of this tournament and team would change nothing. */
function holdsEntry(graph: GraphView, tournamentId: string, teamId: string): boolean {
  const entry = graph.nodes.get(ENTRY.id(tournamentId, teamId));
  return entry !== undefined && entry.labels.includes(ENTRY.label) &&
    edgeTo(entry, 'FOR_TEAM', teamId) !== undefined && edgeTo(entry, 'IN_TOURNAMENT', tournamentId) !== undefined;
}
/** The tournaments of a match as the graph holds them (what `MATCH (m)-[:IN_TOURNAMENT]->(t)` binds). */
const tournamentsOf = (nodes: ReadonlyMap<string, GraphNode>, matchId: unknown) =>
  edgesOf(nodes.get(matchId as string), 'out', 'IN_TOURNAMENT').map((edge) => edge.other);
/** Anchors of a record naming a match and a team: the entries of the match's tournaments, once the match is read. */
const matchEntries = (nodes: ReadonlyMap<string, GraphNode>, matchId: unknown, teamId: unknown) =>
  tournamentsOf(nodes, matchId).map((tournament) => ENTRY.id(tournament, teamId as string));

/**
 * What every entity statement ends with, derived from the model: the fields its sources stated
 * join `statedBy`, a single-valued relationship whose preferred target changed loses its old
 * edge (a goal keeps exactly one SCORED), and the node's target-id properties are read from its
 * edges as they now are (model.ts, RelationshipDeclaration).
 */
function withDeclaredTail(step: WriteStep, bundle: FactBundle): WriteStep {
  const entity = ENTITIES.find((e) => e.kind === step.kind);
  if (!entity || entity.kind === 'assertions') return step;
  const records = bundle[entity.kind] as Array<{ statedBy?: string[] }>;
  const replaceable = replaceableRelationships(entity.kind);
  const replaced = replaceable.map(dropReplacedEdge).join('\n');
  const targetIds = entity.relationships.map((r) => `n.${r.property} = ${targetIdCypher('n', r)}`);
  return {
    ...step,
    rows: step.rows.map((row, i) => Object.assign(row, { statedBy: records[i]?.statedBy ?? [] })),
    cypher: `${step.cypher}
      WITH n, row
      SET ${union('n.statedBy', 'row.statedBy')}
      ${replaced}
      ${targetIds.length > 0 ? `WITH n SET ${targetIds.join(', ')}` : ''}`,
    unchanged: (row, graph) => {
      const node = graph.nodes.get(row.id as string);
      return step.unchanged(row, graph) && holdsAll(node?.props.statedBy, row.statedBy as string[]) &&
        replaceable.every((r) => row[r.property] === null || edgesOf(node, r.direction, r.type).every((edge) => edge.other === row[r.property])) &&
        // A node written before its target ids were kept (an older graph) is written again.
        entity.relationships.every((r) => (node?.props[r.property] ?? null) === (edgesOf(node, r.direction, r.type)[0]?.other ?? null));
    },
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

/** Whether `settleLinkProps` and `MERGE_REL_SOURCES` would change nothing on `edge`. */
function holdsSettledLink(kind: keyof FactBundle, edge: GraphEdge | undefined, row: Row, ranks: Record<string, number>): boolean {
  if (!holdsRelSources(edge, row) || !holdsAll(edge!.props.statedBy, row.statedBy as string[])) return false;
  const heldRanks = (edge!.props.statedBy as string[]).map((source) => ranks[source]).filter((rank) => rank !== undefined);
  const held = heldRanks.length > 0 ? Math.min(...heldRanks) : null;
  const rank = row.rank as number | null;
  const better = rank !== null && (held === null || rank <= held);
  const props = row.props as Row;
  return LINKS.find((link) => link.kind === kind)!.fields.every((field) =>
    props[field] === undefined || !(better || edge!.props[field] === undefined) || sameValue(edge!.props[field], props[field]));
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
  /** Nodes beyond the record's own that `unchanged` reads. */
  anchors?: (row: Row) => string[];
  /** Whether `cypher` would change nothing (the node exists when this is asked). */
  unchanged?: (row: Row, graph: GraphView) => boolean;
}

const KIND_EXTRAS: Partial<Record<keyof FactBundle, KindExtras>> = {
  // Roles are labels, not a property.
  people: {
    row: (p) => ({ player: (p.roles as string[]).includes('Player'), coach: (p.roles as string[]).includes('Coach') }),
    omit: ['roles'],
    cypher: `
        FOREACH (_ IN CASE WHEN row.player THEN [1] ELSE [] END | SET n:Player)
        FOREACH (_ IN CASE WHEN row.coach THEN [1] ELSE [] END | SET n:Coach)`,
    unchanged: (row, graph) => {
      const labels = graph.nodes.get(row.id as string)!.labels;
      return (!row.player || labels.includes('Player')) && (!row.coach || labels.includes('Coach'));
    },
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
          ${matchById(['assister', 'Person:Player', 'row.assistId'], ['scorer', 'Person:Player', 'row.scorerId'])}
          MERGE (assister)-[s:SET_UP {goalId: row.id}]->(scorer)
          SET s.matchId = row.matchId ${mergeRelSources('s', 'assistId')}
        }`,
    anchors: (row) => (row.assistId === null ? [] : [row.assistId as string]),
    unchanged: (row, graph) => {
      // Without an assister, `NOT p.id IN [row.scorerId, null]` is never true: nothing is deleted or merged.
      if (row.assistId === null) return true;
      const goal = graph.nodes.get(row.id as string)!;
      const involved = [...edgesOf(goal, 'in', 'SCORED'), ...edgesOf(goal, 'in', 'ASSISTED')].map((edge) => edge.other);
      if (involved.some((person) => person !== row.scorerId && person !== row.assistId)) return false;
      const setUp = edgesOf(graph.nodes.get(row.assistId as string), 'out', 'SET_UP').find((edge) => edge.other === row.scorerId && edge.props.goalId === row.id);
      return holdsRelSources(setUp, row, 'assistId') && sameValue(setUp!.props.matchId, row.matchId);
    },
  },
  // Both sides of a match have entered its tournament; the match's sources state that.
  matches: {
    cypher: `
        WITH n, row
        CALL (n, row) {
          MATCH (n)-[:IN_TOURNAMENT]->(t:Tournament), (n)-[:HOME_TEAM|AWAY_TEAM]->(team:Team)
          ${mergeEntry('t', 'team')}
          WITH e, row
          UNWIND row.sources AS sourceId
          ${matchById(['s', 'Source', 'sourceId'])}
          MERGE (e)-[:SOURCED_FROM]->(s)
        }`,
    anchors: (row) => [row.homeTeamId, row.awayTeamId].map((team) => ENTRY.id(row.tournamentId as string, team as string)),
    unchanged: (row, graph) => {
      const match = graph.nodes.get(row.id as string)!;
      const teams = [...edgesOf(match, 'out', 'HOME_TEAM'), ...edgesOf(match, 'out', 'AWAY_TEAM')].map((edge) => edge.other);
      return tournamentsOf(graph.nodes, row.id).every((tournament) => teams.every((team) =>
        holdsEntry(graph, tournament, team) && holdsSources(graph.nodes.get(ENTRY.id(tournament, team)), row.sources)));
    },
  },
  claims: {
    row: (c) => ({ about: c.about }),
    omit: ['about'],
    cypher: `
        WITH n, row
        CALL (n, row) {
          UNWIND range(0, size(row.about) - 1) AS position
          WITH n, row.about[position] AS subject, position
          ${matchById(['e', 'Entity', 'subject.id'])}
          MERGE (n)-[r:ABOUT]->(e) SET r.role = subject.role, r.position = position
        }`,
    // The position keeps the claim's order (Argentina, Brazil, Germany): relationships come back from
    // Neo4j in storage order, which differs between two databases loaded with the same facts.
    unchanged: (row, graph) => (row.about as Array<{ id: string; role?: string }>).every((subject, position) => {
      const about = edgeTo(graph.nodes.get(row.id as string), 'ABOUT', subject.id);
      return about !== undefined && sameValue(about.props.role, subject.role) && sameValue(about.props.position, position);
    }),
  },
};

/** A role is matched with the label it comes with (`:Person:Player`, see above); every other target by its own label. */
const targetLabels = (label: string) => {
  const withRole = ENTITIES.find((entity) => entity.roles?.includes(label));
  return withRole ? `${withRole.label}:${label}` : label;
};

/**
 * One entity kind's statement, derived from its declaration in model.ts: MERGE on the id, the
 * label, the fields as properties, `union` fields merged as sorted lists, each declared relationship
 * to its target. Labels, relationship types and property names in this text come only from those
 * declarations, never from input; every value is a parameter (`$rows.items`).
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
  const targets = required.map((r, i): [string, string, string] => [`t${i}`, targetLabels(r.target), `row.${r.property}`]);
  const merge = (r: RelationshipDeclaration, target: string) =>
    `MERGE ${r.direction === 'out' ? `(n)-[r:${r.type}]->(${target})` : `(n)<-[r:${r.type}]-(${target})`} ${r.sourced ? mergeRelSources('r', r.property) : ''}`;
  const carried = ['n', 'row', ...required.map((_, i) => `t${i}`)].join(', ');
  const requiredEdges = required.map((r, i) => `
        WITH ${carried}
        ${merge(r, `t${i}`)}`);
  const optionalEdges = entity.relationships.filter((r) => r.optional).map((r) => `
        WITH n, row
        CALL (n, row) {
          ${matchById(['target', targetLabels(r.target), `row.${r.property}`])}
          ${merge(r, 'target')}
        }`);
  const holdsEdge = (node: GraphNode, r: RelationshipDeclaration, row: Row) => {
    const edge = edgeTo(node, r.type, row[r.property] as string, r.direction);
    return edge !== undefined && (!r.sourced || holdsRelSources(edge, row, r.property));
  };
  return {
    kind: entity.kind,
    rows,
    key: (row) => row.id as string,
    anchors: (row) => [row.id as string, ...(extras.anchors?.(row) ?? [])],
    unchanged(row, graph) {
      const node = graph.nodes.get(row.id as string);
      return node !== undefined && node.labels.includes(entity.label) && holdsProps(node.props, row.props as Row) &&
        (!named || holdsNames(node, row)) &&
        ownLists.every((name) => holdsAll(node.props[name], row[name] as string[])) &&
        // A record without a required target matches nothing: judged changed, it is sent and stays a no-op.
        entity.relationships.every((r) => (row[r.property] === null ? r.optional === true : holdsEdge(node, r, row))) &&
        (extras.unchanged?.(row, graph) ?? true) &&
        (!sourced || holdsSources(node, row.sources));
    },
    cypher: `UNWIND $rows.items AS row
        ${targets.length > 0 ? matchById(...targets) : ''}
        MERGE (n:Entity {id: row.id}) SET n:${entity.label} SET n += row.props ${named ? MERGE_NAMES : ''}
        ${ownLists.map((name) => `SET ${union(`n.${name}`, `row.${name}`)}`).join('\n        ')}
        ${requiredEdges.join('')}
        ${optionalEdges.join('')}
        ${extras.cypher ?? ''} ${sourced ? LINK_SOURCES : ''}`,
  };
}

const endsKey = (...ends: unknown[]) => JSON.stringify(ends);

const isEntry = (target: LinkTarget): target is LinkEntry => 'entry' in target;
/** The match whose tournament picks an entry target; undefined for another target. */
const matchOfEntry = (target: LinkTarget) => (isEntry(target) && 'tournamentOfMatch' in target.entry ? target.entry.tournamentOfMatch : undefined);

/**
 * One link kind's statement, derived from its declaration in model.ts: the nodes it names matched
 * up front, the `also` edges in a subquery (written only for a match in a tournament when one of
 * them reaches the match's entry), then the edge itself with its fields settled by rank. Labels,
 * types and properties come from the declaration only; every value is a parameter.
 */
function linkStep(link: LinkDeclaration, bundle: FactBundle): WriteStep {
  const also = link.also ?? [];
  const distinct = link.distinct ?? [];
  // The node variable bound to each property naming a node, matched up front.
  const bound = new Map<string, string>();
  const required: Array<[string, string, string]> = [];
  const bind = (property: string, label: string) => {
    if (!bound.has(property)) {
      bound.set(property, `v${bound.size}`);
      required.push([bound.get(property)!, targetLabels(label), `row.${property}`]);
    }
    return bound.get(property)!;
  };
  const from = bind(link.from.property, link.from.label);
  const to = link.to;
  let target: string;
  let entryOfTarget = '';
  if (isEntry(to)) {
    if (!('tournament' in to.entry)) throw new Error(`${link.kind}: a link's own edge reaches the entry of a tournament it names`);
    const tournament = bind(to.entry.tournament, 'Tournament');
    entryOfTarget = mergeEntry(tournament, bind(to.entry.team, 'Team'));
    target = 'e';
  } else {
    target = bind(to.property, to.label);
  }
  const matchEntry = also.map((edge) => edge.to).find((edgeTarget) => matchOfEntry(edgeTarget) !== undefined) as LinkEntry | undefined;
  // The entry of the match's tournament needs the team up front, as the match it is named with.
  if (matchEntry) bind(matchEntry.entry.team, 'Team');
  const matchProperty = matchEntry ? matchOfEntry(matchEntry)! : also.map((edge) => edge.to).find((edgeTarget): edgeTarget is LinkNode => !isEntry(edgeTarget))?.property;
  const variables = [...bound.values(), 'row'].join(', ');
  const alsoEdges = also.map((edge, i) => {
    const edgeTarget = isEntry(edge.to) ? 'e' : bound.get(edge.to.property) ?? 'm';
    return `MERGE (${from})-[x${i}:${edge.type}]->(${edgeTarget}) ${mergeRelSources(`x${i}`)}`;
  });
  const matchVariable = matchProperty === undefined ? 'm' : bound.get(matchProperty) ?? 'm';
  const alsoCypher = also.length === 0 ? '' : `
        CALL (${variables}) {
          ${matchProperty !== undefined && !bound.has(matchProperty) ? matchById(['m', 'Match', `row.${matchProperty}`]) : ''}
          ${matchEntry ? `MATCH (${matchVariable})-[:IN_TOURNAMENT]->(tournament:Tournament)
          ${mergeEntry('tournament', bound.get(matchEntry.entry.team)!)}` : ''}
          ${alsoEdges.join('\n          ')}
        }`;
  const side = link.sideOutsideTournaments;
  const ends = [...bound.keys(), ...(matchProperty === undefined || bound.has(matchProperty) ? [] : [matchProperty]), ...distinct];
  const keyEnds = [link.from.property, ...(isEntry(to) ? [(to.entry as { tournament: string }).tournament, to.entry.team] : [to.property]), ...distinct];
  const targetId = (row: Row) =>
    isEntry(to) ? ENTRY.id(row[(to.entry as { tournament: string }).tournament] as string, row[to.entry.team] as string) : row[to.property];
  return {
    kind: link.kind,
    rows: (bundle[link.kind] as unknown as Array<Record<string, unknown> & { sources: string[] }>).map((record) =>
      linkRow(record, Object.fromEntries(ends.map((property) => [property, record[property] ?? null])), ends)),
    cypher: `UNWIND $rows.items AS row
        ${matchById(...required)}
        ${entryOfTarget}${alsoCypher}
        MERGE (${from})-[r:${link.type}${distinct.length > 0 ? ` {${distinct.map((property) => `${property}: row.${property}`).join(', ')}}` : ''}]->(${target})
        ${side ? `FOREACH (side IN CASE WHEN EXISTS { (${target})-[:IN_TOURNAMENT]->() } THEN [] ELSE [row.${side}] END | SET r.${side} = coalesce(r.${side}, side))` : ''}
        ${link.fields.length > 0 ? settleLinkProps(link.kind) : ''} ${MERGE_REL_SOURCES}`,
    key: (row) => endsKey(...keyEnds.map((property) => row[property])),
    anchors: (row, nodes) => [
      row[link.from.property] as string,
      ...(isEntry(to) ? [targetId(row) as string] : []),
      ...(matchProperty === undefined || row[matchProperty] === null
        ? []
        : [row[matchProperty] as string, ...(matchEntry ? matchEntries(nodes, row[matchProperty], row[matchEntry.entry.team]) : [])]),
    ],
    unchanged(row, graph) {
      const node = graph.nodes.get(row[link.from.property] as string);
      const edge = edgesOf(node, 'out', link.type).find((candidate) =>
        candidate.other === targetId(row) && distinct.every((property) => sameValue(candidate.props[property], row[property])));
      const alsoHeld = (entryId?: string) => also.every((edgeDeclared) =>
        holdsRelSources(edgeTo(node, edgeDeclared.type, isEntry(edgeDeclared.to) ? entryId! : row[edgeDeclared.to.property] as string), row));
      const tournaments = matchProperty === undefined || row[matchProperty] === null ? [] : tournamentsOf(graph.nodes, row[matchProperty]);
      return (!isEntry(to) || holdsEntry(graph, row[(to.entry as { tournament: string }).tournament] as string, row[to.entry.team] as string)) &&
        (link.fields.length > 0 ? holdsSettledLink(link.kind, edge, row, graph.ranks) : holdsRelSources(edge, row)) &&
        (side === undefined || tournaments.length > 0 || edge?.props[side] != null) &&
        (matchProperty === undefined || row[matchProperty] === null || (matchEntry
          ? tournaments.every((tournament) => {
            const team = row[matchEntry.entry.team] as string;
            return holdsEntry(graph, tournament, team) && alsoHeld(ENTRY.id(tournament, team));
          })
          : alsoHeld()));
    },
  };
}

/** Entities in declaration order (a kind's targets are declared before it), then the links between them. */
function writeSteps(bundle: FactBundle): WriteStep[] {
  return [...ENTITIES.map((entity) => entityStep(entity, bundle)), ...LINKS.map((link) => linkStep(link, bundle))];
}
