import type { Gender } from '../identity';
import { batchMany, loadByParams, type GraphReader, type LoaderEnv } from '../loaders/batched-loader';

export type LeaderMetric = 'GOALS' | 'ASSISTS' | 'APPEARANCES' | 'MINUTES' | 'CARDS';

/** Filters with every name already resolved to ids; null means "any". */
export interface LeaderFilterIds {
  tournamentYears?: readonly number[] | null;
  gender?: Gender | null;
  teamIds?: readonly string[] | null;
  stage?: string | null;
}

/** One player's figure for one team (a player who played for two countries has a row for each). */
export interface LeaderRow {
  playerId: string;
  teamId: string;
  value: number;
}

/**
 * Per metric: the pattern binding player `p`, the counted element `x`, match `m` and the team
 * `team` the figure is credited to, and the value. Events credit the team the source names on them
 * (`FOR_TEAM`); appearances the player's entry at the match's tournament. Static text only.
 */
const ENTRY_SIDE = `(p)-[:IN_SQUAD]->(e:Entry)-[:IN_TOURNAMENT]->(t), (e)-[:FOR_TEAM]->(team:Team)`;
const METRICS: Record<LeaderMetric, { pattern: string; value: string }> = {
  GOALS: {
    pattern: `(p:Player)-[:SCORED]->(x:Goal)-[:IN_MATCH]->(m:Match)-[:IN_TOURNAMENT]->(t:Tournament), (x)-[:FOR_TEAM]->(team:Team)
      WHERE NOT coalesce(x.ownGoal, false)`,
    value: 'count(x)',
  },
  ASSISTS: {
    pattern: `(p:Player)-[:ASSISTED]->(x:Goal)-[:IN_MATCH]->(m:Match)-[:IN_TOURNAMENT]->(t:Tournament), (x)-[:FOR_TEAM]->(team:Team)
      WHERE NOT coalesce(x.ownGoal, false)`,
    value: 'count(x)',
  },
  CARDS: {
    pattern: `(p:Player)-[:BOOKED]->(x:Booking)-[:IN_MATCH]->(m:Match)-[:IN_TOURNAMENT]->(t:Tournament), (x)-[:FOR_TEAM]->(team:Team)`,
    value: 'count(x)',
  },
  APPEARANCES: {
    pattern: `(p:Player)-[x:PLAYED_IN]->(m:Match)-[:IN_TOURNAMENT]->(t:Tournament), ${ENTRY_SIDE}`,
    value: 'count(x)',
  },
  // `minutes` where a line-up source states it; otherwise from the minutes on and off, a full match
  // being 90 (120 with extra time). An appearance without either (a source listing who played but
  // not when) adds nothing.
  MINUTES: {
    pattern: `(p:Player)-[x:PLAYED_IN]->(m:Match)-[:IN_TOURNAMENT]->(t:Tournament), ${ENTRY_SIDE}`,
    value: `sum(coalesce(x.minutes,
      CASE WHEN x.starter OR x.minuteOn IS NOT NULL
        THEN coalesce(x.minuteOff, CASE WHEN m.extraTime THEN 120 ELSE 90 END) - coalesce(x.minuteOn, 0) END, 0))`,
  },
};

/**
 * The best `first` players by the metric, ties by name then id. Each filter is null (ignored) or
 * compared, so one statement per metric serves every `leaders` of that metric in a request. LIMIT
 * cannot depend on a row, so the list is cut from its ranking.
 */
const leadersQuery = ({ pattern, value }: { pattern: string; value: string }) => `
UNWIND $ids AS id
CALL (id) {
  MATCH ${pattern}
  WITH id, p, team, m, t, x
  WHERE (id.years IS NULL OR t.year IN id.years)
    AND (id.gender IS NULL OR t.gender = id.gender)
    AND (id.teamIds IS NULL OR team.id IN id.teamIds)
    AND (id.stage IS NULL OR m.stage = id.stage)
  WITH p, team, ${value} AS value
  WHERE value > 0
  ORDER BY value DESC, p.name, p.id, team.id
  WITH collect({playerId: p.id, teamId: team.id, value: value}) AS rows
  UNWIND rows[..id.first] AS row
  RETURN row
}
RETURN id.key AS key, row AS value`;

type LeaderParams = { years: readonly number[] | null; gender: Gender | null; teamIds: readonly string[] | null; stage: string | null; first: number };

/** Leaderboards, one loader per metric; every `leaders` of one metric in a request is one statement. */
export function createLeadersLoader(
  env: GraphReader | LoaderEnv,
): (metric: LeaderMetric, filter: LeaderFilterIds, first: number) => Promise<LeaderRow[]> {
  const loaders = Object.fromEntries(Object.entries(METRICS).map(([metric, declaration]) =>
    [metric, loadByParams(batchMany<LeaderRow, LeaderParams & { key: string }>(env, leadersQuery(declaration)))])) as
    Record<LeaderMetric, (params: LeaderParams) => Promise<LeaderRow[]>>;
  return (metric, filter, first) =>
    loaders[metric]({
      years: filter.tournamentYears ?? null,
      gender: filter.gender ?? null,
      teamIds: filter.teamIds ?? null,
      stage: filter.stage ?? null,
      first,
    });
}
