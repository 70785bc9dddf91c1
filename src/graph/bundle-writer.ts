import type { FactBundle } from './bundle';
import type { GraphTransaction } from './driver';
import { nameKeys } from './identity';
import { definedIds, ENTITIES, LINKS, referencedIds, replaceableRelationships, type RelationshipDeclaration } from './model';

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
const RECONCILER_INPUTS = ['statedBy', 'bySource'];

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
const mergeRelSources = (rel: string) => `SET ${union(`${rel}.sources`, 'row.sources')}`;
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

function writeSteps(bundle: FactBundle): WriteStep[] {
  return [
    {
      kind: 'sources',
      rows: bundle.sources.map((s) => ({ id: s.id, props: definedProps(s) })),
      cypher: `UNWIND $rows AS row
        MERGE (n:Entity {id: row.id}) SET n:Source SET n += row.props`,
    },
    {
      kind: 'cities',
      rows: bundle.cities.map((c) => namedRow(c, [])),
      cypher: `UNWIND $rows AS row
        MERGE (n:Entity {id: row.id}) SET n:City SET n += row.props ${MERGE_NAMES} ${LINK_SOURCES}`,
    },
    {
      kind: 'venues',
      rows: bundle.venues.map((v) => ({ ...namedRow(v, ['cityId']), cityId: v.cityId ?? null })),
      cypher: `UNWIND $rows AS row
        MERGE (n:Entity {id: row.id}) SET n:Venue SET n += row.props ${MERGE_NAMES}
        WITH n, row
        CALL (n, row) {
          MATCH (c:City {id: row.cityId})
          MERGE (n)-[r:IN_CITY]->(c) ${MERGE_REL_SOURCES}
        } ${LINK_SOURCES}`,
    },
    {
      kind: 'teams',
      rows: bundle.teams.map((t) => namedRow(t, [])),
      cypher: `UNWIND $rows AS row
        MERGE (n:Entity {id: row.id}) SET n:Team SET n += row.props ${MERGE_NAMES} ${LINK_SOURCES}`,
    },
    {
      kind: 'tournaments',
      rows: bundle.tournaments.map((t) => ({
        ...namedRow({ ...t, aliases: t.aliases ?? [] }, ['winnerTeamId', 'hosts']),
        winnerTeamId: t.winnerTeamId ?? null,
        hosts: t.hosts ?? [],
      })),
      cypher: `UNWIND $rows AS row
        MERGE (n:Entity {id: row.id}) SET n:Tournament SET n += row.props ${MERGE_NAMES}
        SET ${union('n.hosts', 'row.hosts')}
        WITH n, row
        CALL (n, row) {
          MATCH (t:Team {id: row.winnerTeamId})
          MERGE (n)-[r:WON_BY]->(t) ${MERGE_REL_SOURCES}
        } ${LINK_SOURCES}`,
    },
    {
      kind: 'stages',
      rows: bundle.stages.map((s) => ({ id: s.id, tournamentId: s.tournamentId, props: definedProps(s, ['sources', 'tournamentId']), sources: s.sources })),
      cypher: `UNWIND $rows AS row
        MATCH (t:Tournament {id: row.tournamentId})
        MERGE (n:Entity {id: row.id}) SET n:Stage SET n += row.props
        MERGE (n)-[:OF_TOURNAMENT]->(t) ${LINK_SOURCES}`,
    },
    {
      kind: 'people',
      rows: bundle.people.map((p) => ({
        ...namedRow(p, ['roles', 'sourceKeys']), sourceKeys: p.sourceKeys ?? [],
        player: p.roles.includes('Player'), coach: p.roles.includes('Coach'),
      })),
      cypher: `UNWIND $rows AS row
        MERGE (n:Entity {id: row.id}) SET n:Person SET n += row.props ${MERGE_NAMES}
        SET ${union('n.sourceKeys', 'row.sourceKeys')}
        FOREACH (_ IN CASE WHEN row.player THEN [1] ELSE [] END | SET n:Player)
        FOREACH (_ IN CASE WHEN row.coach THEN [1] ELSE [] END | SET n:Coach) ${LINK_SOURCES}`,
    },
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
      kind: 'matches',
      rows: bundle.matches.map((m) => ({
        id: m.id, tournamentId: m.tournamentId, stageId: m.stageId, venueId: m.venueId ?? null,
        homeTeamId: m.homeTeamId, awayTeamId: m.awayTeamId, sources: m.sources,
        props: definedProps(m, ['sources', 'tournamentId', 'stageId', 'venueId', 'homeTeamId', 'awayTeamId']),
      })),
      cypher: `UNWIND $rows AS row
        MATCH (tour:Tournament {id: row.tournamentId}), (stage:Stage {id: row.stageId}),
              (home:Team {id: row.homeTeamId}), (away:Team {id: row.awayTeamId})
        MERGE (n:Entity {id: row.id}) SET n:Match SET n += row.props
        MERGE (n)-[:IN_TOURNAMENT]->(tour)
        MERGE (n)-[:IN_STAGE]->(stage)
        MERGE (n)-[:HOME_TEAM]->(home)
        MERGE (n)-[:AWAY_TEAM]->(away)
        WITH n, row
        CALL (n, row) {
          MATCH (v:Venue {id: row.venueId})
          MERGE (n)-[r:AT_VENUE]->(v) ${MERGE_REL_SOURCES}
        } ${LINK_SOURCES}`,
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
      kind: 'substitutions',
      rows: bundle.substitutions.map((s) => ({
        id: s.id, matchId: s.matchId, teamId: s.teamId, playerOnId: s.playerOnId, playerOffId: s.playerOffId ?? null,
        sources: s.sources, props: definedProps(s, ['sources', 'matchId', 'teamId', 'playerOnId', 'playerOffId']),
      })),
      cypher: `UNWIND $rows AS row
        MATCH (m:Match {id: row.matchId}), (t:Team {id: row.teamId}), (on:Person:Player {id: row.playerOnId})
        MERGE (n:Entity {id: row.id}) SET n:Substitution SET n += row.props
        MERGE (n)-[:IN_MATCH]->(m)
        MERGE (n)-[:FOR_TEAM]->(t)
        MERGE (n)-[:PLAYER_ON]->(on)
        WITH n, row
        CALL (n, row) {
          MATCH (off:Person:Player {id: row.playerOffId})
          MERGE (n)-[:PLAYER_OFF]->(off)
        } ${LINK_SOURCES}`,
    },
    {
      kind: 'goals',
      rows: bundle.goals.map((g) => ({
        id: g.id, matchId: g.matchId, teamId: g.teamId, scorerId: g.scorerId, assistId: g.assistId ?? null,
        sources: g.sources, props: definedProps(g, ['sources', 'matchId', 'teamId', 'scorerId', 'assistId']),
      })),
      cypher: `UNWIND $rows AS row
        MATCH (m:Match {id: row.matchId}), (t:Team {id: row.teamId}), (scorer:Person:Player {id: row.scorerId})
        MERGE (n:Entity {id: row.id}) SET n:Goal SET n += row.props
        WITH n, row, m, t, scorer
        CALL (n, row) {
          MATCH (n)<-[:SCORED|ASSISTED]-(p)-[old:SET_UP {goalId: row.id}]-()
          WHERE NOT p.id IN [row.scorerId, row.assistId]
          DELETE old
        }
        MERGE (n)-[:IN_MATCH]->(m)
        MERGE (n)-[:FOR_TEAM]->(t)
        MERGE (scorer)-[r:SCORED]->(n) ${MERGE_REL_SOURCES}
        WITH n, row, scorer
        CALL (n, row, scorer) {
          MATCH (assister:Person:Player {id: row.assistId})
          MERGE (assister)-[r:ASSISTED]->(n) ${MERGE_REL_SOURCES}
          MERGE (assister)-[s:SET_UP {goalId: row.id}]->(scorer)
          SET s.matchId = row.matchId ${mergeRelSources('s')}
        } ${LINK_SOURCES}`,
    },
    {
      kind: 'bookings',
      rows: bundle.bookings.map((b) => ({
        id: b.id, matchId: b.matchId, teamId: b.teamId, playerId: b.playerId,
        sources: b.sources, props: definedProps(b, ['sources', 'matchId', 'teamId', 'playerId']),
      })),
      cypher: `UNWIND $rows AS row
        MATCH (m:Match {id: row.matchId}), (t:Team {id: row.teamId}), (p:Person:Player {id: row.playerId})
        MERGE (n:Entity {id: row.id}) SET n:Booking SET n += row.props
        MERGE (n)-[:IN_MATCH]->(m)
        MERGE (n)-[:FOR_TEAM]->(t)
        MERGE (p)-[r:BOOKED]->(n) ${MERGE_REL_SOURCES} ${LINK_SOURCES}`,
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
    {
      kind: 'quotes',
      rows: bundle.quotes.map((q) => ({ id: q.id, speakerId: q.speakerId, matchId: q.matchId ?? null, text: q.text, sources: q.sources })),
      cypher: `UNWIND $rows AS row
        MATCH (speaker:Person {id: row.speakerId})
        MERGE (n:Entity {id: row.id}) SET n:Quote SET n.text = row.text
        MERGE (speaker)-[:SAID]->(n)
        WITH n, row
        CALL (n, row) {
          MATCH (m:Match {id: row.matchId})
          MERGE (n)-[:ABOUT]->(m)
        } ${LINK_SOURCES}`,
    },
    {
      kind: 'claims',
      rows: bundle.claims.map((c) => ({ id: c.id, about: c.about, sources: c.sources, props: definedProps(c, ['sources', 'about']) })),
      cypher: `UNWIND $rows AS row
        MERGE (n:Entity {id: row.id}) SET n:Claim SET n += row.props
        WITH n, row
        CALL (n, row) {
          UNWIND row.about AS subject
          MATCH (e:Entity {id: subject.id})
          MERGE (n)-[r:ABOUT]->(e) SET r.role = subject.role
        } ${LINK_SOURCES}`,
    },
    {
      kind: 'assertions',
      rows: bundle.assertions.map((a) => ({ id: a.id, subjectId: a.subjectId, sources: a.sources, props: definedProps(a, ['sources', 'subjectId']) })),
      cypher: `UNWIND $rows AS row
        MATCH (subject:Entity {id: row.subjectId})
        MERGE (n:Entity {id: row.id}) SET n:Assertion SET n += row.props
        MERGE (subject)-[:HAS_ASSERTION]->(n) ${LINK_SOURCES}`,
    },
  ];
}
