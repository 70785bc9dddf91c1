import { batchMany, type LoaderEnv } from './batched-loader';
import type { LoaderFactories } from './loader-set';
import {
  appearanceRow,
  matchChronology,
  tournamentYearOf,
  awardWinProjection,
  bookingRow,
  goalRow,
  matchRow,
  personRow,
  teamRow,
  type RowProjection,
} from './projections';
import type {
  AppearanceRow,
  AssistPartnerRow,
  AwardWinRow,
  BookingRow,
  GoalRow,
  MatchRow,
  PersonRow,
  TeamRow,
  WorldCupStatsRow,
} from './rows';

/**
 * A player's goals (or bookings) along `relationship`, in the order they happened across tournaments,
 * as `projection` rows. The match's tournament year is read once per event, for both the order and the row.
 */
const playerEvents = (
  relationship: string, label: string, projection: RowProjection<[tournamentYear?: string]>, { worldCupOnly = false } = {},
) => {
  const row = projection.at('g', 'tournamentYear');
  const cypher = `UNWIND $ids.items AS id
       MATCH (:Player {id: id})-[:${relationship}]->(g:${label})-[:IN_MATCH]->(m:Match)
       ${worldCupOnly ? 'WHERE m.tournamentId IS NOT NULL' : ''}
       WITH id, g, m, ${tournamentYearOf('m')} AS tournamentYear
       ORDER BY ${matchChronology('m', 'tournamentYear')}, g.sequence
       RETURN id AS key, ${row.list} AS value`;
  return [cypher, row] as const;
};

/** One row per partner: `partner` set up goals for `player`'s goals, or the other way round. */
const assistPartners = (pattern: string) => `UNWIND $ids.items AS id
  MATCH ${pattern}
  WITH id, partner, collect(s.goalId) AS goalIds
  ORDER BY size(goalIds) DESC, partner.name
  RETURN id AS key, {playerId: partner.id, goalIds: goalIds, count: size(goalIds)} AS value`;

const TEAMS = teamRow.at('t');
const APPEARANCES = appearanceRow.at('p', 'r', 'm');
const MATCHES = matchRow.at('m');
const COACHES = personRow.at('c');

/** Relations of players, coaches and teams, keyed by their id. */
export const personLoaders = {
  playerTeams: (env: LoaderEnv) => batchMany<TeamRow>(env,
    `UNWIND $ids.items AS id
     MATCH (:Player {id: id})-[:IN_SQUAD]->(:Entry)-[:FOR_TEAM]->(t:Team)
     WITH DISTINCT id, t ORDER BY t.name
     RETURN id AS key, ${TEAMS.list} AS value`,
    TEAMS,
  ),
  // World Cup goals, what Player.goals reads unless asked for every competition's: a career of
  // internationals holds several times as many, read and dropped for every World Cup question.
  playerGoals: (env: LoaderEnv) => batchMany<GoalRow>(env, ...playerEvents('SCORED', 'Goal', goalRow, { worldCupOnly: true })),
  playerGoalsInAllMatches: (env: LoaderEnv) => batchMany<GoalRow>(env, ...playerEvents('SCORED', 'Goal', goalRow)),
  playerAssists: (env: LoaderEnv) => batchMany<GoalRow>(env, ...playerEvents('ASSISTED', 'Goal', goalRow)),
  playerBookings: (env: LoaderEnv) => batchMany<BookingRow>(env, ...playerEvents('BOOKED', 'Booking', bookingRow)),
  playerAwards: (env: LoaderEnv) => batchMany<AwardWinRow>(env,
    `UNWIND $ids.items AS id
     MATCH (p:Player {id: id})-[r:WON_AWARD]->(t:Tournament)
     WITH id, p, r, t ORDER BY t.year, t.gender, r.award
     RETURN id AS key, ${awardWinProjection('p', 'r', 't')} AS value`,
  ),
  playerAssistedBy: (env: LoaderEnv) => batchMany<AssistPartnerRow>(env, assistPartners('(partner:Player)-[s:SET_UP]->(:Player {id: id})')),
  playerSetUp: (env: LoaderEnv) => batchMany<AssistPartnerRow>(env, assistPartners('(:Player {id: id})-[s:SET_UP]->(partner:Player)')),
  playerAppearances: (env: LoaderEnv) => batchMany<AppearanceRow>(env,
    `UNWIND $ids.items AS id
     MATCH (p:Player {id: id})-[r:PLAYED_IN]->(m:Match)
     WITH id, p, r, m ORDER BY ${matchChronology('m')}, m.id
     RETURN id AS key, ${APPEARANCES.list} AS value`,
    APPEARANCES,
  ),
  // Each of the player's appearances, goals, assists and squad places is one row of the union,
  // summed per tournament: counting per tournament with patterns ending at it (COUNT { ... ->(t) })
  // walked every match of each tournament, 155,855 db hits and 16 ms for Messi, against 476 and 2 ms.
  playerWorldCupStats: (env: LoaderEnv) => batchMany<WorldCupStatsRow>(env,
    `UNWIND $ids.items AS id
     MATCH (p:Player {id: id})
     CALL (p) {
       MATCH (p)-[r:PLAYED_IN]->(m:Match)
       RETURN m.tournamentId AS tournamentId, 1 AS appearances, CASE WHEN r.starter THEN 1 ELSE 0 END AS starts,
              coalesce(r.minutes, 0) AS minutes, 0 AS goals, 0 AS assists, null AS teamId
       UNION ALL
       MATCH (p)-[e:SCORED|ASSISTED]->(g:Goal)-[:IN_MATCH]->(m:Match)
       RETURN m.tournamentId AS tournamentId, 0 AS appearances, 0 AS starts, 0 AS minutes,
              CASE WHEN type(e) = 'SCORED' AND NOT coalesce(g.ownGoal, false) THEN 1 ELSE 0 END AS goals,
              CASE WHEN type(e) = 'ASSISTED' THEN 1 ELSE 0 END AS assists, null AS teamId
       UNION ALL
       MATCH (p)-[:IN_SQUAD]->(e:Entry)-[:IN_TOURNAMENT]->(t:Tournament)
       RETURN t.id AS tournamentId, 0 AS appearances, 0 AS starts, 0 AS minutes, 0 AS goals, 0 AS assists,
              head(COLLECT { MATCH (e)-[:FOR_TEAM]->(team:Team) RETURN team.id }) AS teamId
     }
     WITH id, tournamentId, sum(appearances) AS appearances, sum(starts) AS starts, sum(minutes) AS minutes,
          sum(goals) AS goals, sum(assists) AS assists, head(collect(teamId)) AS teamId
     MATCH (t:Tournament {id: tournamentId})
     WITH id, t, appearances, starts, minutes, goals, assists, teamId ORDER BY t.year, t.gender
     RETURN id AS key, {
       tournamentId: t.id, tournamentYear: t.year, gender: t.gender, teamId: teamId,
       appearances: appearances, starts: starts, minutes: minutes, goals: goals, assists: assists
     } AS value`,
  ),
  coachTeams: (env: LoaderEnv) => batchMany<TeamRow>(env,
    `UNWIND $ids.items AS id
     MATCH (:Coach {id: id})-[:COACH_OF]->(t:Team)
     WITH id, t ORDER BY t.name
     RETURN id AS key, ${TEAMS.list} AS value`,
    TEAMS,
  ),
  coachMatches: (env: LoaderEnv) => batchMany<MatchRow>(env,
    `UNWIND $ids.items AS id
     MATCH (:Coach {id: id})-[:MANAGED]->(m:Match)
     WITH id, m ORDER BY ${matchChronology('m')}, m.id
     RETURN id AS key, ${MATCHES.list} AS value`,
    MATCHES,
  ),
  teamCoaches: (env: LoaderEnv) => batchMany<PersonRow>(env,
    `UNWIND $ids.items AS id
     MATCH (c:Coach)-[:COACH_OF]->(:Team {id: id})
     WITH id, c ORDER BY c.name
     RETURN id AS key, ${COACHES.list} AS value`,
    COACHES,
  ),
} satisfies LoaderFactories;
