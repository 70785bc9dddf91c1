import { batchOne, loadByParams, type GraphReader, type LoaderEnv } from '../loaders/batched-loader';

export interface PathNodeRow {
  id: string;
  labels: string[];
  name: string | null;
}

export interface PathRelationshipRow {
  type: string;
  from: string;
  to: string;
  properties: Record<string, unknown>;
}

export interface PathRow {
  nodes: PathNodeRow[];
  relationships: PathRelationshipRow[];
}

/** The longest connection `path` will look for, whatever the caller asks. */
export const MAX_PATH_HOPS = 6;

/** How a node shows in a path (bound to `n`): matches and goals have no name, so one is made up. */
const NODE_VIEW = `{
  id: n.id,
  labels: [label IN labels(n) WHERE label <> 'Entity'],
  name: CASE
    WHEN n:Match THEN head([(n)-[:HOME_TEAM]->(t) | t.name]) + ' v ' + head([(n)-[:AWAY_TEAM]->(t) | t.name])
      + coalesce(', ' + n.date, '')
    WHEN n:Goal THEN head([(s)-[:SCORED]->(n) | s.name]) + ' ' + toString(n.minute) + "'"
    ELSE coalesce(n.name, n.statement, n.text, n.title)
  END
}`;

/**
 * The relationships a connection may follow: facts about football, not provenance. Through
 * SOURCED_FROM every two facts of one report would be two hops apart, which says nothing.
 * Variable-length bounds cannot be parameters, so the search runs to MAX_PATH_HOPS and the caller's
 * own `maxHops` is applied to the result: the shortest path is within maxHops exactly when the
 * shortest path found up to MAX_PATH_HOPS is. An entity is connected to itself by a path of one
 * node (shortestPath refuses equal endpoints). Batched: every path of a request is one statement.
 */
const SHORTEST_PATHS = `
UNWIND $ids.items AS id
CALL (id) {
  MATCH (n:Entity {id: id.from}) WHERE id.from = id.to
  RETURN [${NODE_VIEW}] AS nodes, [] AS relationships
  UNION
  MATCH (a:Entity {id: id.from}), (b:Entity {id: id.to}) WHERE id.from <> id.to
  MATCH p = shortestPath((a)-[:PLAYED_IN|SCORED|ASSISTED|SET_UP|IN_MATCH|FOR_TEAM|HOME_TEAM|AWAY_TEAM|IN_SQUAD|MANAGED|COACHED|COACH_OF|AT_VENUE|IN_CITY|IN_TOURNAMENT|IN_STAGE|OF_TOURNAMENT|WON_BY|PLAYER_ON|PLAYER_OFF|SAID|ABOUT*..${MAX_PATH_HOPS}]-(b))
  RETURN
    [n IN nodes(p) | ${NODE_VIEW}] AS nodes,
    [r IN relationships(p) | {type: type(r), from: startNode(r).id, to: endNode(r).id, properties: properties(r)}] AS relationships
}
RETURN id.key AS key, {nodes: nodes, relationships: relationships} AS value`;

export type PathOptions = { from: string; to: string; maxHops: number };

/** The shortest connection between two entities in either direction, or null when there is none within `maxHops`. */
export function createPathLoader(env: GraphReader | LoaderEnv): (options: PathOptions) => Promise<PathRow | null> {
  const load = loadByParams(batchOne<PathRow, { from: string; to: string; key: string }>(env, SHORTEST_PATHS));
  return async ({ from, to, maxHops }) => {
    const path = await load({ from, to });
    return path && path.relationships.length <= maxHops ? path : null;
  };
}
