import type { Gender } from '../../model/identity';
import { batchMany, loadByParams, type GraphReader, type LoaderEnv } from '../loaders/batched-loader';
import { sideAt } from '../loaders/projections';

export type LeaderMetric = 'GOALS' | 'ASSISTS' | 'APPEARANCES' | 'MINUTES' | 'CARDS';

/** Filters with every name already resolved to ids; null means "any". */
export interface LeaderFilterIds {
  tournamentYears?: readonly number[] | null;
  gender?: Gender | null;
  teamIds?: readonly string[] | null;
  stage?: string | null;
  /** Every competition's matches, or the World Cup's only. */
  allMatches?: boolean;
}

/** One player's figure for one team (a player who played for two countries has a row for each). */
export interface LeaderRow {
  playerId: string;
  teamId: string;
  value: number;
}

/**
 * Per metric: the pattern binding player `p`, the counted element `x` and match `m`, and the value.
 * Events bind the team `team` the source names on them (`FOR_TEAM`); appearances are credited to
 * the player's entry at the match's tournament `t` (`creditedToEntry`), so they count World Cup
 * matches only. Static text only.
 */
type MetricDeclaration = { pattern: string; creditedToEntry?: true; value: string };
const METRICS: Record<LeaderMetric, MetricDeclaration> = {
  GOALS: {
    pattern: `(p:Player)-[:SCORED]->(x:Goal)-[:IN_MATCH]->(m:Match), (x)-[:FOR_TEAM]->(team:Team)
      WHERE NOT coalesce(x.ownGoal, false)`,
    value: 'count(x)',
  },
  ASSISTS: {
    pattern: `(p:Player)-[:ASSISTED]->(x:Goal)-[:IN_MATCH]->(m:Match), (x)-[:FOR_TEAM]->(team:Team)
      WHERE NOT coalesce(x.ownGoal, false)`,
    value: 'count(x)',
  },
  CARDS: {
    pattern: `(p:Player)-[:BOOKED]->(x:Booking)-[:IN_MATCH]->(m:Match), (x)-[:FOR_TEAM]->(team:Team)`,
    value: 'count(x)',
  },
  APPEARANCES: {
    pattern: `(p:Player)-[x:PLAYED_IN]->(m:Match)`,
    creditedToEntry: true,
    value: 'count(x)',
  },
  // `minutes` where a line-up source states it; otherwise from the minutes on and off, a full match
  // being 90 (120 with extra time). An appearance without either (a source listing who played but
  // not when) adds nothing.
  MINUTES: {
    pattern: `(p:Player)-[x:PLAYED_IN]->(m:Match)`,
    creditedToEntry: true,
    value: `sum(coalesce(x.minutes,
      CASE WHEN x.starter OR x.minuteOn IS NOT NULL
        THEN coalesce(x.minuteOff, CASE WHEN m.extraTime THEN 120 ELSE 90 END) - coalesce(x.minuteOn, 0) END, 0))`,
  },
};

/** How a leaderboard binds a match's tournament `t`: World Cup matches only, or every match, `t` null outside the World Cup. */
const TOURNAMENT_OF: Record<'WORLD_CUP' | 'ALL_MATCHES', string> = {
  WORLD_CUP: 'MATCH (m)-[:IN_TOURNAMENT]->(t:Tournament)',
  ALL_MATCHES: 'OPTIONAL MATCH (m)-[:IN_TOURNAMENT]->(t:Tournament)',
};

/**
 * The best `first` players by the metric, ties by name then id. Each filter is null (ignored) or
 * compared (a year or a stage only holds at a World Cup), so one statement per metric and scope
 * serves every `leaders` of them in a request. Appearances are summed per player and tournament
 * before the entry is looked up, once per tournament rather than once per match. LIMIT cannot
 * depend on a row, so the list is cut from its ranking.
 */
const leadersQuery = ({ pattern, creditedToEntry, value }: MetricDeclaration, tournamentOf: string) => `
UNWIND $ids.items AS id
CALL (id) {
  MATCH ${pattern}
  ${tournamentOf}
  WITH id, p, t, ${creditedToEntry ? '' : 'team, '}m, x
  WHERE (id.years IS NULL OR t.year IN id.years)
    AND (id.stage IS NULL OR m.stage = id.stage)
  WITH id, p, ${creditedToEntry ? 't' : 'team'}, ${value} AS value
  ${creditedToEntry ? `MATCH (team:Team {id: ${sideAt('p', 't.id')}})` : ''}
  WITH p, team, value
  WHERE (id.gender IS NULL OR team.gender = id.gender)
    AND (id.teamIds IS NULL OR team.id IN id.teamIds)
  WITH p, team, sum(value) AS value
  WHERE value > 0
  ORDER BY value DESC, p.name, p.id, team.id
  WITH collect({playerId: p.id, teamId: team.id, value: value}) AS rows
  UNWIND rows[..id.first] AS row
  RETURN row
}
RETURN id.key AS key, row AS value`;

type LeaderParams = { years: readonly number[] | null; gender: Gender | null; teamIds: readonly string[] | null; stage: string | null; first: number };

type Scope = keyof typeof TOURNAMENT_OF;
const STATEMENTS = Object.fromEntries(Object.entries(METRICS).map(([metric, declaration]) =>
  [metric, { WORLD_CUP: leadersQuery(declaration, TOURNAMENT_OF.WORLD_CUP), ALL_MATCHES: leadersQuery(declaration, TOURNAMENT_OF.ALL_MATCHES) }])) as
  Record<LeaderMetric, Record<Scope, string>>;

/** Leaderboards, one loader per metric and scope, each made on first use; every `leaders` of one metric and scope in a request is one statement. */
export function createLeadersLoader(
  env: GraphReader | LoaderEnv,
): (metric: LeaderMetric, filter: LeaderFilterIds, first: number) => Promise<LeaderRow[]> {
  const loaders = new Map<string, (params: LeaderParams) => Promise<LeaderRow[]>>();
  return (metric, filter, first) => {
    const scope: Scope = filter.allMatches ? 'ALL_MATCHES' : 'WORLD_CUP';
    let load = loaders.get(`${metric} ${scope}`);
    if (!load) {
      load = loadByParams(batchMany<LeaderRow, LeaderParams & { key: string }>(env, STATEMENTS[metric][scope]));
      loaders.set(`${metric} ${scope}`, load);
    }
    return load({
      years: filter.tournamentYears ?? null,
      gender: filter.gender ?? null,
      teamIds: filter.teamIds ?? null,
      stage: filter.stage ?? null,
      first,
    });
  };
}
