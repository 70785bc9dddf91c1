/**
 * Which matches a record counts, declared once for head-to-heads and team records: World Cup matches
 * or every competition's, between two dates, and whose side (the team alone, or with its predecessors).
 */
export type MatchScopeKey = {
  /** All competitions, or World Cup matches only. */
  allMatches: boolean;
  /** Dates, ISO, both exclusive. */
  before: string | null;
  after: string | null;
  /** Count each team's predecessors' matches too (West Germany's for Germany), as FIFA does. */
  predecessors: boolean;
};

/** How many predecessors deep a lineage is followed (DR Congo: Belgian Congo and four names since). */
const LINEAGE_DEPTH = 6;

/** Cypher: the list of `team` and the teams whose record it took over (static text). */
export const lineageOf = (team: string) =>
  `[${team}] + COLLECT { MATCH (p:Team)-[:SUCCEEDED_BY*1..${LINEAGE_DEPTH}]->(${team}) RETURN DISTINCT p }`;

/** Cypher: the teams that play as `team` under the scope map `key`: it, and its predecessors unless told otherwise. */
export const sideOf = (team: string, key: string) => `CASE WHEN ${key}.predecessors THEN ${lineageOf(team)} ELSE [${team}] END`;

/** Cypher: match `m` lies between the scope map `key`'s dates. */
export const withinDates = (m: string, key: string) =>
  `(${key}.before IS NULL OR ${m}.date < ${key}.before) AND (${key}.after IS NULL OR ${m}.date > ${key}.after)`;

/**
 * Cypher: two branches of a `UNION` subquery returning `m`, the matches with a tournament (the one
 * whose id is `tournamentId`, when given) where the team whose id is `teamId` played, sought in the
 * indexes of the matches' team and tournament ids (schema/constraints.cypher) rather than among its
 * matches of every competition; each branch carries `carried` and runs only where `when` holds.
 */
export const worldCupMatchesOf = (teamId: string, carried: string, when: string, tournamentId?: string) =>
  ['homeTeamId', 'awayTeamId'].map((side) => `
  WITH ${carried} WHERE ${when}
  MATCH (m:Match) WHERE m.${side} = ${teamId} AND m.tournamentId ${tournamentId ? `= ${tournamentId}` : 'IS NOT NULL'}
  RETURN m`).join('\n  UNION');

/**
 * Cypher: two branches of a `UNION` subquery returning `m` and `aIsHome`, the matches between the
 * teams whose ids are `a` and `b`, sought in the index of the matches' home and away team ids
 * (schema/constraints.cypher) both ways round: a handful of meetings found without reading either
 * team's thousand matches of every competition.
 */
export const meetingsBetween = (a: string, b: string) => `
  MATCH (m:Match) WHERE m.homeTeamId = ${a} AND m.awayTeamId = ${b}
  RETURN m, true AS aIsHome
  UNION
  MATCH (m:Match) WHERE m.homeTeamId = ${b} AND m.awayTeamId = ${a}
  RETURN m, false AS aIsHome`;
