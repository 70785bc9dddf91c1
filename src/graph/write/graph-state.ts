import type { FactBundle } from '../model/bundle';
import type { SourceStanding } from './dispute-ranking';
import type { GraphClient } from '../driver/driver';
import { holdsAnyEntity } from './bundle-diff';
import { comparedRelationships, ENTITIES } from '../model/model';
import { unsized } from '../driver/plan-cache';
import { API_TOKEN_LABEL } from './api-tokens';

/**
 * The reads the ingestion pipeline makes before it writes: what the graph already holds about the
 * entities a bundle describes, the people it knows, and the ids it has taken.
 */

export interface GraphAssertion {
  id: string;
  field: string;
  value: string;
  preferred: boolean;
  reason: string | null;
  sources: string[];
}

/** One node as the reconciler compares it: properties, who stated which field, Assertions, targets. */
export interface GraphEntity {
  id: string;
  props: Record<string, unknown>;
  /** `field@sourceId` for every field a source stated (`statedBy` on the node). */
  statedBy: string[];
  assertions: GraphAssertion[];
  /** Ids of the targets of the node's declared relationships, by relationship type. */
  targets: Record<string, string[]>;
}

export interface GraphGoal {
  id: string;
  matchId: string;
  teamId: string | null;
  minute: number | null;
  addedTime: number | null;
  scorerId: string | null;
}

export interface GraphState {
  entities: Map<string, GraphEntity>;
  /** Kind and precedence of every Source, of the graph and of the bundle. */
  sources: Map<string, SourceStanding>;
  /** The goals of the bundle's matches, for matching goals across sources. */
  goals: GraphGoal[];
}

/** Reads, for every entity of the bundle the graph already holds, what the reconciler compares. */
export async function loadGraphState(graph: GraphClient, bundle: FactBundle): Promise<GraphState> {
  const entities = new Map<string, GraphEntity>();
  const empty = !(await holdsAnyEntity((cypher) => graph.read(cypher)));
  for (const entity of empty ? [] : ENTITIES) {
    const ids = (bundle[entity.kind] as Array<{ id: string }>).map((record) => record.id);
    if (ids.length === 0 || entity.kind === 'assertions') continue;
    const compared = comparedRelationships(entity);
    const out = compared.filter((r) => r.direction === 'out').map((r) => r.type);
    const incoming = compared.filter((r) => r.direction === 'in').map((r) => r.type);
    const rows = await graph.read<GraphEntity>(
      `UNWIND $ids.items AS id
       MATCH (n:Entity {id: id})
       RETURN n.id AS id, properties(n) AS props, coalesce(n.statedBy, []) AS statedBy,
              COLLECT { MATCH (n)-[:HAS_ASSERTION]->(a:Assertion)
                        RETURN {id: a.id, field: a.field, value: a.value, preferred: a.preferred, reason: a.reason,
                                sources: COLLECT { MATCH (a)-[:SOURCED_FROM]->(s:Source) RETURN s.id }} } AS assertions,
              ${compared.length === 0 ? '[]' : `COLLECT { MATCH (n)-[r]->(t:Entity) WHERE type(r) IN $out.items RETURN [type(r), t.id] } +
              COLLECT { MATCH (n)<-[r]-(t:Entity) WHERE type(r) IN $incoming.items RETURN [type(r), t.id] }`} AS targetPairs`,
      { ids: unsized(ids), out: unsized(out), incoming: unsized(incoming) },
    );
    for (const row of rows as Array<GraphEntity & { targetPairs: Array<[string, string]> }>) {
      const targets: Record<string, string[]> = {};
      for (const [type, target] of row.targetPairs) (targets[type] ??= []).push(target);
      entities.set(row.id, { id: row.id, props: row.props, statedBy: row.statedBy, assertions: row.assertions, targets });
    }
  }
  const held = await graph.read<SourceStanding & { id: string }>(
    'MATCH (s:Source) RETURN s.id AS id, s.kind AS kind, s.precedence AS precedence',
  );
  const sources = new Map<string, SourceStanding>(held.map(({ id, ...standing }) => [id, standing]));
  for (const source of bundle.sources) sources.set(source.id, { kind: source.kind, precedence: source.precedence ?? null });
  const goals = empty ? [] : await graph.read<GraphGoal>(
    `UNWIND $matchIds.items AS matchId
     MATCH (g:Goal)-[:IN_MATCH]->(:Match {id: matchId})
     RETURN g.id AS id, matchId, COLLECT { MATCH (g)-[:FOR_TEAM]->(t) RETURN t.id }[0] AS teamId,
            g.minute AS minute, g.addedTime AS addedTime, COLLECT { MATCH (p)-[:SCORED]->(g) RETURN p.id }[0] AS scorerId`,
    { matchIds: unsized([...new Set(bundle.goals.map((goal) => goal.matchId))]) },
  );
  return { entities, sources, goals };
}

/**
 * A person the graph already holds, with the teams they are placed in (squads, line-ups, coaching,
 * goals and cards: a data set may know a scorer by name only), for person resolution.
 */
export interface KnownPerson {
  id: string;
  name: string;
  birthDate: string | null;
  nameKeys: string[];
  teamIds: string[];
  sourceKeys: string[];
  /** The sources citing the person (SOURCED_FROM), seeds' reports among them. */
  sources: string[];
}

export async function loadKnownPeople(graph: GraphClient): Promise<KnownPerson[]> {
  return graph.read<KnownPerson>(
    `MATCH (p:Person)
     RETURN p.id AS id, p.name AS name, p.birthDate AS birthDate, coalesce(p.nameKeys, []) AS nameKeys,
            COLLECT { MATCH (p)-[:COACH_OF]->(t:Team) RETURN DISTINCT t.id } +
            COLLECT { MATCH (p)-[:IN_SQUAD|COACHED]->(:Entry)-[:FOR_TEAM]->(t:Team) RETURN DISTINCT t.id } +
            COLLECT { MATCH (p)-[:SCORED|BOOKED]->(e)-[:FOR_TEAM]->(t:Team) WHERE NOT coalesce(e.ownGoal, false) RETURN DISTINCT t.id } AS teamIds,
            coalesce(p.sourceKeys, []) AS sourceKeys,
            COLLECT { MATCH (p)-[:SOURCED_FROM]->(s:Source) RETURN s.id } AS sources`,
  );
}

/** Ids of every entity other than people, which a new person's id must not reuse. */
export async function loadOtherEntityIds(graph: GraphClient): Promise<Set<string>> {
  const rows = await graph.read<{ id: string }>('MATCH (n:Entity) WHERE NOT n:Person RETURN n.id AS id');
  return new Set(rows.map((row) => row.id));
}

/**
 * The ids of the bundle's entities that the graph already holds. `state` already holds the nodes
 * of every kind but Assertions, and the graph's goals of the bundle's matches (the ids goals take
 * when they are aligned): only the Assertions are looked up.
 */
export async function loadExistingIds(graph: GraphClient, bundle: FactBundle, state: GraphState): Promise<Set<string>> {
  const ids = bundle.assertions.map((assertion) => assertion.id);
  const rows = ids.length === 0 ? [] : await graph.read<{ id: string }>('UNWIND $ids.items AS id MATCH (n:Entity {id: id}) RETURN id', { ids: unsized(ids) });
  return new Set([...state.entities.keys(), ...state.goals.map((goal) => goal.id), ...rows.map((row) => row.id)]);
}

/**
 * Whether the database holds no facts (start-up: seed an empty database). Editors' tokens may be
 * made before the first start; they are no facts.
 */
export async function isGraphEmpty(graph: GraphClient): Promise<boolean> {
  const [anyNode] = await graph.read(`MATCH (n) WHERE NOT n:${API_TOKEN_LABEL} RETURN 1 AS found LIMIT 1`);
  return anyNode === undefined;
}
