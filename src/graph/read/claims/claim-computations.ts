import { lineageOf, meetingsBetween } from '../analytics/match-scope';
import { outcomeOf, tally, type SideResult } from '../analytics/match-results';
import type { ComputedFigures } from './claim-verdict';

/**
 * The named computations behind claim metrics. Each is one Cypher statement over every claim that
 * uses it (`UNWIND $scopes AS scope`, scopes from claim-scope.ts, all values parameters), returning
 * per claim (`key`) a row that `figures` turns into named numbers, the facts counted (`evidenceIds`)
 * and the tournaments whose data the figures depend on (`tournamentIds`, for coverage).
 */

/** What a figure counts, for coverage (claim-coverage.query.ts decides, per tournament, whether the graph holds all of it). */
export type FactKind = 'results' | 'goals' | 'assists' | 'lineups';

export interface ComputationRow {
  evidenceIds?: string[];
  tournamentIds: string[];
  [field: string]: unknown;
}

export interface ClaimComputation {
  name: string;
  cypher: string;
  /** The facts every figure depends on. */
  facts: FactKind[];
  /** Figures that depend on other facts than `facts` (goals off the bench need line-ups). */
  figureFacts?: Record<string, FactKind[]>;
  /** The named figures; `evidenceIds` when the facts counted are picked here rather than in Cypher. */
  figures(row: ComputationRow): ComputedFigures & { evidenceIds?: string[] };
}

// The fragments below are constants of this file, never input.
const AS_OF = `UNWIND $scopes AS scope
  OPTIONAL MATCH (asOf:Match {id: scope.asOfMatchId})
  WITH scope, asOf.date AS cutoff`;

/** Whether match `m` of tournament `t` is inside the claim's scope. */
const IN_SCOPE = `(cutoff IS NULL OR m.date <= cutoff)
  AND (scope.tournamentId IS NULL OR t.id = scope.tournamentId)
  AND (scope.matchId IS NULL OR m.id = scope.matchId)`;

/**
 * The tournaments a player took part in (squad, line-up, goal, assist): their data decides whether a
 * career figure is complete. Depends on the IN_SQUAD and PLAYED_IN shapes.
 */
const PLAYER_TOURNAMENTS = `[id IN COLLECT {
    MATCH (:Person {id: scope.subjectId})-[:IN_SQUAD]->(:Entry)-[:IN_TOURNAMENT]->(t) RETURN t.id AS id
    UNION MATCH (:Person {id: scope.subjectId})-[:PLAYED_IN]->(:Match)-[:IN_TOURNAMENT]->(t) RETURN t.id AS id
    UNION MATCH (:Person {id: scope.subjectId})-[:SCORED|ASSISTED]->(:Goal)-[:IN_MATCH]->(:Match)-[:IN_TOURNAMENT]->(t) RETURN t.id AS id
  } WHERE scope.tournamentId IS NULL OR id = scope.tournamentId]`;

/** Every World Cup of the subject team's gender, for figures over a team's whole history. */
const TEAM_TOURNAMENTS = `COLLECT {
    MATCH (team:Team {id: scope.subjectId}), (t:Tournament) WHERE t.gender = team.gender RETURN t.id
  }`;

/** A goal `g` that `person` (a node pattern) scored or set up, with its match `m` and tournament `t`. */
const goalBy = (person: string, relation: 'SCORED' | 'ASSISTED') =>
  `${person}-[:${relation}]->(g:Goal)-[:IN_MATCH]->(m:Match)-[:IN_TOURNAMENT]->(t:Tournament)`;

const SUBJECT = '(:Person {id: scope.subjectId})';

const KNOCKOUT = `NOT m.stage IN ['group-stage', 'second-group-stage', 'final-round']`;

const list = (row: ComputationRow, field: string) => (row[field] as unknown[] | null) ?? [];

const playerGoals: ClaimComputation = {
  name: 'player-goals',
  facts: ['goals'],
  figureFacts: { 'goals as a substitute': ['goals', 'lineups'] },
  cypher: `${AS_OF}
  RETURN scope.key AS key, {
    evidenceIds: COLLECT {
      MATCH ${goalBy(SUBJECT, 'SCORED')}
      WHERE NOT coalesce(g.ownGoal, false) AND ${IN_SCOPE} RETURN g.id ORDER BY m.date, g.sequence },
    substituteGoalIds: COLLECT {
      MATCH ${goalBy('(p:Person {id: scope.subjectId})', 'SCORED')},
            (p)-[a:PLAYED_IN]->(m)
      WHERE NOT coalesce(g.ownGoal, false) AND a.starter = false AND ${IN_SCOPE} RETURN g.id },
    tournamentIds: ${PLAYER_TOURNAMENTS}} AS value`,
  figures: (row) => ({
    figures: { goals: (row.evidenceIds ?? []).length, 'goals as a substitute': list(row, 'substituteGoalIds').length },
    series: [],
  }),
};

const playerAssists: ClaimComputation = {
  name: 'player-assists',
  facts: ['assists'],
  cypher: `${AS_OF}
  RETURN scope.key AS key, {
    evidenceIds: COLLECT {
      MATCH ${goalBy(SUBJECT, 'ASSISTED')}
      WHERE ${IN_SCOPE} RETURN g.id ORDER BY m.date, g.sequence },
    tournamentIds: ${PLAYER_TOURNAMENTS}} AS value`,
  figures: (row) => ({ figures: { assists: (row.evidenceIds ?? []).length }, series: [] }),
};

/** Goals and assists, and the matches played: the facts of a player's World Cup record. */
const playerRecord = `
    goalIds: COLLECT {
      MATCH ${goalBy(SUBJECT, 'SCORED')}
      WHERE NOT coalesce(g.ownGoal, false) AND ${IN_SCOPE} RETURN g.id },
    assistIds: COLLECT {
      MATCH ${goalBy(SUBJECT, 'ASSISTED')}
      WHERE ${IN_SCOPE} RETURN g.id },
    matches: COLLECT {
      MATCH (p:Person {id: scope.subjectId})-[:PLAYED_IN]->(m:Match)-[:IN_TOURNAMENT]->(t:Tournament)
      WHERE ${IN_SCOPE}
      RETURN {id: m.id, contributed: EXISTS { (p)-[:SCORED|ASSISTED]->(g:Goal)-[:IN_MATCH]->(m) WHERE NOT coalesce(g.ownGoal, false) }}
      ORDER BY m.date, m.kickoff },
    tournamentIds: ${PLAYER_TOURNAMENTS}`;

type PlayedMatch = { id: string; contributed: boolean };

const playerContributions: ClaimComputation = {
  name: 'player-goal-contributions',
  facts: ['goals', 'assists'],
  figureFacts: { goals: ['goals'], matches: ['lineups'] },
  cypher: `${AS_OF}
  WITH scope, cutoff, {${playerRecord}} AS record
  RETURN scope.key AS key, record {.*, evidenceIds: record.goalIds + record.assistIds + [played IN record.matches | played.id]} AS value`,
  figures: (row) => {
    const [goals, assists] = [list(row, 'goalIds').length, list(row, 'assistIds').length];
    return { figures: { 'goal contributions': goals + assists, matches: list(row, 'matches').length, goals, assists }, series: [] };
  },
};

/** The run of matches, up to the last, in which the player scored or set up a goal. */
export function trailingRun(flags: readonly boolean[]): number {
  const lastMiss = flags.lastIndexOf(false);
  return flags.length - 1 - lastMiss;
}

const playerContributionStreak: ClaimComputation = {
  name: 'player-goal-or-assist-streak',
  facts: ['goals', 'assists', 'lineups'],
  cypher: `${AS_OF}
  WITH scope, cutoff, {${playerRecord}} AS record
  RETURN scope.key AS key, record {.*, evidenceIds: [played IN record.matches | played.id]} AS value`,
  figures: (row) => {
    const matches = list(row, 'matches') as PlayedMatch[];
    return { figures: { matches: trailingRun(matches.map((m) => m.contributed)) }, series: [] };
  },
};

const playerKnockoutAssists: ClaimComputation = {
  name: 'player-knockout-assists',
  facts: ['assists'],
  cypher: `${AS_OF}
  RETURN scope.key AS key, {
    evidenceIds: COLLECT {
      MATCH ${goalBy(SUBJECT, 'ASSISTED')}
      WHERE ${KNOCKOUT} AND ${IN_SCOPE} RETURN g.id ORDER BY m.date, g.sequence },
    otherAssisterIds: COLLECT {
      MATCH ${goalBy('(other:Person)', 'ASSISTED')}
      WHERE other.id <> scope.subjectId AND ${KNOCKOUT} AND ${IN_SCOPE} RETURN other.id },
    tournamentIds: ${PLAYER_TOURNAMENTS}} AS value`,
  figures: (row) => {
    const assists = (row.evidenceIds ?? []).length;
    const others = new Map<string, number>();
    for (const id of list(row, 'otherAssisterIds') as string[]) others.set(id, (others.get(id) ?? 0) + 1);
    return { figures: { 'knockout assists': assists, 'lead over the next player': assists - Math.max(0, ...others.values()) }, series: [] };
  },
};

const knockoutMatchesInFull: ClaimComputation = {
  name: 'knockout-matches-played-in-full',
  facts: ['lineups'],
  cypher: `${AS_OF}
  RETURN scope.key AS key, {
    evidenceIds: COLLECT {
      MATCH (:Person {id: scope.subjectId})-[a:PLAYED_IN]->(m:Match)-[:IN_TOURNAMENT]->(t:Tournament)
      WHERE a.starter AND a.minuteOff IS NULL AND ${KNOCKOUT} AND ${IN_SCOPE} RETURN m.id ORDER BY m.date },
    tournamentIds: ${PLAYER_TOURNAMENTS}} AS value`,
  figures: (row) => ({ figures: { matches: (row.evidenceIds ?? []).length }, series: [] }),
};

const ageAtMatch: ClaimComputation = {
  name: 'age-at-match',
  facts: [],
  cypher: `${AS_OF}
  OPTIONAL MATCH (p:Person {id: scope.subjectId})
  RETURN scope.key AS key, {
    years: CASE WHEN p.birthDate IS NULL OR cutoff IS NULL THEN null ELSE duration.between(date(p.birthDate), date(cutoff)).years END,
    evidenceIds: [id IN [p.id, scope.asOfMatchId] WHERE id IS NOT NULL], tournamentIds: []} AS value`,
  figures: (row) => ({ figures: row.years === null ? {} : { years: row.years as number } as Record<string, number>, series: [] }),
};

/** Finals per team compared; the subject's is `finals`, each team's also under its name (the claim's labels). */
/**
 * Match `m` of tournament `t` is a final, as FIFA's lists of finals count them: the final, or 1950's
 * deciding match, the final round's last-day match of the eventual winner.
 */
const IS_FINAL = `(m.stage = 'final' OR (m.stage = 'final-round'
    AND EXISTS { (t)-[:WON_BY]->(w) WHERE w.id IN [m.homeTeamId, m.awayTeamId] }
    AND NOT EXISTS { (t)<-[:IN_TOURNAMENT]-(later:Match) WHERE later.date > m.date }))`;

/** Finals of the team and of its predecessors (West Germany's for Germany), as FIFA counts them. */
const teamFinalAppearances: ClaimComputation = {
  name: 'team-final-appearances',
  facts: ['results'],
  cypher: `${AS_OF}
  RETURN scope.key AS key, {
    subjectId: scope.subjectId,
    // In the claim's order: the series pairs with the stated values by position. COLLECT keeps no
    // order of its own (a CI run once got Brazil before Argentina).
    teams: COLLECT {
      UNWIND range(0, size(scope.comparedIds) - 1) AS position
      MATCH (team:Team {id: scope.comparedIds[position]})
      RETURN {id: team.id, name: team.name, finals: COLLECT {
        UNWIND ${lineageOf('team')} AS side
        MATCH (side)<-[:HOME_TEAM|AWAY_TEAM]-(m:Match)-[:IN_TOURNAMENT]->(t:Tournament)
        WHERE ${IS_FINAL} AND ${IN_SCOPE} RETURN m.id ORDER BY m.date }}
      ORDER BY position
    },
    tournamentIds: ${TEAM_TOURNAMENTS}} AS value`,
  figures: (row) => {
    const teams = row.teams as Array<{ id: string; name: string; finals: string[] }>;
    const figures: Record<string, number> = Object.fromEntries(teams.map((team) => [team.name, team.finals.length]));
    figures.finals = teams.find((team) => team.id === row.subjectId)?.finals.length ?? 0;
    // A final between two compared teams (Argentina v Germany, 2014) counts for both but is one fact.
    return { figures, series: teams.map((team) => team.finals.length), evidenceIds: [...new Set(teams.flatMap((team) => team.finals))] };
  },
};

type TournamentFinal = { year: number; finalId: string | null };

/** Runs of consecutive tournaments in which `reached` holds, oldest first, as [first year, last year]. */
export function consecutiveRuns(years: readonly number[], reached: readonly boolean[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  years.forEach((year, i) => {
    if (!reached[i]) return;
    const last = runs.at(-1);
    if (last && i > 0 && reached[i - 1]) last[1] = year;
    else runs.push([year, year]);
  });
  return runs;
}

const teamConsecutiveFinals: ClaimComputation = {
  name: 'team-consecutive-finals',
  facts: ['results'],
  cypher: `${AS_OF}
  MATCH (team:Team {id: scope.subjectId})
  RETURN scope.key AS key, {
    tournaments: COLLECT {
      MATCH (t:Tournament) WHERE t.gender = team.gender AND EXISTS { (m:Match)-[:IN_TOURNAMENT]->(t) WHERE cutoff IS NULL OR m.date <= cutoff }
      RETURN {year: t.year, finalId: COLLECT {
        MATCH (team)<-[:HOME_TEAM|AWAY_TEAM]-(m:Match {stage: 'final'})-[:IN_TOURNAMENT]->(t) WHERE cutoff IS NULL OR m.date <= cutoff RETURN m.id }[0]}
      ORDER BY t.year },
    tournamentIds: ${TEAM_TOURNAMENTS}} AS value`,
  figures: (row) => {
    const tournaments = row.tournaments as TournamentFinal[];
    const reached = tournaments.map((t) => t.finalId !== null);
    const runs = consecutiveRuns(tournaments.map((t) => t.year), reached);
    const current = reached.at(-1) ? runs.at(-1) : undefined;
    const currentLength = current ? trailingRun(reached) : 0;
    const previous = runs.filter((run) => run !== current && run[1] > run[0]).at(-1);
    return {
      figures: { 'finals in a row': currentLength },
      series: previous ?? [],
      evidenceIds: tournaments.flatMap((t) => (t.finalId === null ? [] : [t.finalId])),
    };
  },
};

const teamsWithConsecutiveTitles: ClaimComputation = {
  name: 'teams-with-consecutive-titles',
  facts: ['results'],
  cypher: `${AS_OF}
  RETURN scope.key AS key, {
    winners: COLLECT {
      MATCH (subject:Team {id: scope.subjectId}), (t:Tournament)-[:WON_BY]->(winner:Team)
      WHERE t.gender = subject.gender AND NOT EXISTS { (m:Match)-[:IN_TOURNAMENT]->(t) WHERE cutoff IS NOT NULL AND m.date > cutoff }
      RETURN {year: t.year, teamId: winner.id, tournamentId: t.id} ORDER BY t.year },
    tournamentIds: ${TEAM_TOURNAMENTS}} AS value`,
  figures: (row) => {
    const winners = row.winners as Array<{ year: number; teamId: string; tournamentId: string }>;
    const doubles = winners.slice(1).flatMap((w, i) => (w.teamId === winners[i]!.teamId ? [[winners[i]!, w]] : []));
    return {
      figures: { teams: new Set(doubles.map(([first]) => first!.teamId)).size },
      series: doubles.flat().map((w) => w.year),
      evidenceIds: doubles.flat().map((w) => w.tournamentId),
    };
  },
};

const teamSemiFinalEliminations: ClaimComputation = {
  name: 'team-semi-final-eliminations',
  facts: ['results'],
  cypher: `${AS_OF}
  RETURN scope.key AS key, {
    semiFinals: COLLECT {
      MATCH (:Team {id: scope.subjectId})<-[side:HOME_TEAM|AWAY_TEAM]-(m:Match {stage: 'semi-final'})-[:IN_TOURNAMENT]->(t:Tournament)
      WHERE ${IN_SCOPE}
      RETURN {id: m.id, won: m.winnerTeamId = scope.subjectId} ORDER BY m.date },
    tournamentIds: ${TEAM_TOURNAMENTS}} AS value`,
  figures: (row) => {
    const semiFinals = row.semiFinals as Array<{ id: string; won: boolean | null }>;
    return {
      figures: { eliminated: semiFinals.filter((s) => s.won === false).length, 'semi-finals played': semiFinals.length },
      series: [],
      evidenceIds: semiFinals.map((s) => s.id),
    };
  },
};

type ScoredGoal = { id: string; teamId: string };

/** The largest deficit the team was behind by in a match it went on to win; 0 when it did not win. */
export function deficitOverturned(goals: readonly ScoredGoal[], teamId: string, winnerTeamId: string | null): number {
  if (winnerTeamId !== teamId) return 0;
  let margin = 0;
  let worst = 0;
  for (const goal of goals) {
    margin += goal.teamId === teamId ? 1 : -1;
    worst = Math.min(worst, margin);
  }
  return Math.abs(worst);
}

const matchDeficitOverturned: ClaimComputation = {
  name: 'match-deficit-overturned',
  facts: ['goals'],
  cypher: `${AS_OF}
  OPTIONAL MATCH (m:Match {id: scope.matchId})-[:IN_TOURNAMENT]->(t:Tournament)
  RETURN scope.key AS key, {
    subjectId: scope.subjectId, winnerTeamId: m.winnerTeamId,
    goals: COLLECT {
      MATCH (g:Goal)-[:IN_MATCH]->(m), (g)-[:FOR_TEAM]->(team:Team)
      RETURN {id: g.id, teamId: team.id} ORDER BY g.minute, coalesce(g.addedTime, 0), g.sequence },
    tournamentIds: [id IN [t.id] WHERE id IS NOT NULL]} AS value`,
  figures: (row) => {
    const goals = row.goals as ScoredGoal[];
    return {
      figures: { goals: deficitOverturned(goals, String(row.subjectId), row.winnerTeamId as string | null) },
      series: [],
      evidenceIds: goals.map((goal) => goal.id),
    };
  },
};

/**
 * The meetings of the claim's subject team with the team it names second, predecessors counted, up
 * to the claim's match, by date: at World Cups, or in every competition when the claim says so,
 * which the graph can tell only when it holds matches beyond the World Cup (`beyondWorldCups`).
 */
const TEAM_MEETINGS = `${AS_OF}
  MATCH (a0:Team {id: scope.subjectId}), (b0:Team {id: scope.comparedIds[1]})
  WITH scope, cutoff, ${lineageOf('a0')} AS sideA, ${lineageOf('b0')} AS sideB
  WITH scope, cutoff, sideA, sideB, COLLECT {
      UNWIND sideA AS a
      UNWIND sideB AS b
      CALL (a, b) {${meetingsBetween('a.id', 'b.id')}
      }
      WITH a, m, aIsHome WHERE (cutoff IS NULL OR m.date <= cutoff)
        AND (scope.allCompetitions OR EXISTS { (m)-[:IN_TOURNAMENT]->(:Tournament) })
      RETURN {id: m.id, date: m.date, shootout: m.homePenalties IS NOT NULL,
        goalsFor: CASE WHEN aIsHome THEN m.homeScore ELSE m.awayScore END,
        goalsAgainst: CASE WHEN aIsHome THEN m.awayScore ELSE m.homeScore END}
      ORDER BY m.date, m.id
    } AS meetings
  RETURN scope.key AS key, {
    meetings: meetings,
    asOfMatchId: scope.asOfMatchId,
    beyondWorldCups: NOT scope.allCompetitions OR EXISTS { MATCH (m:Match) WHERE m.competition IS NOT NULL AND NOT EXISTS { (m)-[:IN_TOURNAMENT]->() } },
    tournamentIds: COLLECT { UNWIND meetings AS meeting MATCH (:Match {id: meeting.id})-[:IN_TOURNAMENT]->(t:Tournament) RETURN DISTINCT t.id }
  } AS value`;

interface Meeting extends SideResult {
  id: string;
}

/** No figure where the graph cannot tell "all competitions" from the World Cups it holds. */
const NO_FIGURES = { figures: {}, series: [], evidenceIds: [] };

/** The record of a team against another, W-D-L as FIFA counts it (`TEAM_MEETINGS`). */
const teamHeadToHead: ClaimComputation = {
  name: 'team-head-to-head',
  facts: ['results'],
  cypher: TEAM_MEETINGS,
  figures: (row): ComputedFigures & { evidenceIds: string[] } => {
    if (!row.beyondWorldCups) return NO_FIGURES;
    const meetings = row.meetings as Meeting[];
    const total = tally(meetings);
    return {
      figures: { matches: total.played, wins: total.won, draws: total.drawn, losses: total.lost },
      series: [total.won, total.drawn, total.lost],
      evidenceIds: meetings.map((meeting) => meeting.id),
    };
  },
};

/**
 * The run of meetings without a win that the claim's match ended: those since the team's last win
 * before it, with that win as evidence too (`TEAM_MEETINGS`).
 */
const teamWinlessRun: ClaimComputation = {
  name: 'team-winless-run',
  facts: ['results'],
  cypher: TEAM_MEETINGS,
  figures: (row): ComputedFigures & { evidenceIds: string[] } => {
    if (!row.beyondWorldCups) return NO_FIGURES;
    const run = winlessRunBefore(row.meetings as Meeting[], row.asOfMatchId as string | null);
    // Without a win before it in the graph, where the run began is not known: no figure, not a short run.
    if (run.lastWin === null) return NO_FIGURES;
    return { figures: { matches: run.matches.length }, series: [], evidenceIds: [...run.matches, run.lastWin] };
  },
};

/**
 * The meetings with a result since the last win before `endedBy` (every meeting, when it is not
 * among them), oldest first, and that win; a meeting without a score neither extends nor ends a run.
 */
export function winlessRunBefore(meetings: readonly Meeting[], endedBy: string | null): { matches: string[]; lastWin: string | null } {
  const end = meetings.findIndex((meeting) => meeting.id === endedBy);
  const scored = (end < 0 ? meetings : meetings.slice(0, end)).filter((meeting) => outcomeOf(meeting) !== null);
  const length = trailingRun(scored.map((meeting) => outcomeOf(meeting) !== 'won'));
  return { matches: scored.slice(scored.length - length).map((meeting) => meeting.id), lastWin: scored[scored.length - 1 - length]?.id ?? null };
}

export const CLAIM_COMPUTATIONS = [
  playerGoals, playerAssists, playerContributions, playerContributionStreak, playerKnockoutAssists, knockoutMatchesInFull,
  ageAtMatch, teamFinalAppearances, teamConsecutiveFinals, teamsWithConsecutiveTitles, teamSemiFinalEliminations,
  matchDeficitOverturned, teamHeadToHead, teamWinlessRun,
] as const;
