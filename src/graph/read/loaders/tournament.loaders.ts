import { sideOf, withinDates, worldCupMatchesOf, type MatchScopeKey } from '../analytics/match-scope';
import { ENTRY } from '../../model/model';
import { batchMany, loadByParams, type LoaderEnv } from './batched-loader';
import type { LoaderFactories } from './loader-set';
import { awardWinProjection, entryRow, RowProjection, matchChronology, personRow, squadMemberRow, stageRow, teamRow } from './projections';
import type { AwardWinRow, EntryRow, PersonRow, ScopedResultRow, SquadMemberRow, StageRow, TeamResultRow, TeamRow } from './rows';

/**
 * Match `m` of tournament `t` from the side of `team`, as match-results.ts counts it; the opponent is
 * the other side. A list rather than a map: a record reads every match of a team and its predecessors,
 * and the driver decodes every key of every map anew (projections.ts).
 */
const SIDE_RESULT = new RowProjection((team: string, m?: string, t?: string) => ({
  matchId: `${m}.id`, teamId: `${team}.id`, tournamentId: `${t}.id`, tournamentYear: `${t}.year`, stage: `${m}.stage`, group: `${m}.group`,
  opponentId: `CASE WHEN ${m}.homeTeamId = ${team}.id THEN ${m}.awayTeamId ELSE ${m}.homeTeamId END`,
  goalsFor: `CASE WHEN ${m}.homeTeamId = ${team}.id THEN ${m}.homeScore ELSE ${m}.awayScore END`,
  goalsAgainst: `CASE WHEN ${m}.homeTeamId = ${team}.id THEN ${m}.awayScore ELSE ${m}.homeScore END`,
  shootout: `${m}.homePenalties IS NOT NULL`, winnerTeamId: `${m}.winnerTeamId`,
  champion: `EXISTS { (${t})-[:WON_BY]->(${team}) }`,
})).at('team', 'm', 't');

const COACHES = personRow.at('c');
const PREDECESSORS = teamRow.at('p');
const TOURNAMENT_ENTRIES = entryRow.at('e', 'team.id', 'id');
const TEAM_ENTRIES = entryRow.at('e', 'id', 't.id');
const SQUAD = squadMemberRow.at('p', 'r');
const STAGES = stageRow.at('s');

/** What belongs to a tournament as a whole, to a team's entries and to their squads. */
export const tournamentLoaders = {
  tournamentAwards: (env: LoaderEnv) => batchMany<AwardWinRow>(env,
    `UNWIND $ids.items AS id
     MATCH (p:Player)-[r:WON_AWARD]->(t:Tournament {id: id})
     WITH id, p, r, t ORDER BY r.award, p.name
     RETURN id AS key, ${awardWinProjection('p', 'r', 't')} AS value`,
  ),
  /** By tournament id: its entries by team name. */
  tournamentEntries: (env: LoaderEnv) => batchMany<EntryRow>(env,
    `UNWIND $ids.items AS id
     MATCH (team:Team)<-[:FOR_TEAM]-(e:Entry)-[:IN_TOURNAMENT]->(:Tournament {id: id})
     WITH id, e, team ORDER BY team.name, team.id
     RETURN id AS key, ${TOURNAMENT_ENTRIES.list} AS value`,
    TOURNAMENT_ENTRIES,
  ),
  /**
   * By team id: its entries by year, each sought by its id from every tournament's (model.ts,
   * ENTRY), since most of a team's FOR_TEAM relationships are its goals', bookings' and substitutions'.
   */
  teamEntries: (env: LoaderEnv) => batchMany<EntryRow>(env,
    `UNWIND $ids.items AS id
     MATCH (team:Team {id: id})
     MATCH (t:Tournament)
     MATCH (e:Entry {id: ${ENTRY.idCypher('t', 'team')}})
     WITH id, e, t ORDER BY t.year, t.id
     RETURN id AS key, ${TEAM_ENTRIES.list} AS value`,
    TEAM_ENTRIES,
  ),
  tournamentStages: (env: LoaderEnv) => batchMany<StageRow>(env,
    `UNWIND $ids.items AS id
     MATCH (s:Stage)-[:OF_TOURNAMENT]->(:Tournament {id: id})
     WITH id, s ORDER BY s.order, s.id
     RETURN id AS key, ${STAGES.list} AS value`,
    STAGES,
  ),
  /** By entry id: the squad by shirt number, players without one last. */
  entrySquad: (env: LoaderEnv) => batchMany<SquadMemberRow>(env,
    `UNWIND $ids.items AS id
     MATCH (p:Player)-[r:IN_SQUAD]->(:Entry {id: id})
     WITH id, p, r ORDER BY r.shirtNumber IS NULL, r.shirtNumber, p.name, p.id
     RETURN id AS key, ${SQUAD.list} AS value`,
    { ...SQUAD, binds: { playerId: { variable: 'p', loader: 'player' } } },
  ),
  entryCoaches: (env: LoaderEnv) => batchMany<PersonRow>(env,
    `UNWIND $ids.items AS id
     MATCH (c:Coach)-[:COACHED]->(:Entry {id: id})
     WITH id, c ORDER BY c.name, c.id
     RETURN id AS key, ${COACHES.list} AS value`,
    COACHES,
  ),
  /** By tournament id: each group match twice, once from each side, by date. */
  tournamentGroupResults: (env: LoaderEnv) => batchMany<TeamResultRow>(env,
    `UNWIND $ids.items AS id
     MATCH (t:Tournament {id: id})<-[:IN_TOURNAMENT]-(m:Match)-[:HOME_TEAM|AWAY_TEAM]->(team:Team)
     WHERE m.group IS NOT NULL
     WITH id, t, m, team ORDER BY ${matchChronology('m')}, m.id, team.id
     RETURN id AS key, ${SIDE_RESULT.list} AS value`,
    SIDE_RESULT,
  ),
  /**
   * By entry id: the entry's matches, from its team's side, by date, sought by team and tournament
   * id rather than among the team's matches of every competition, which each of its entries read again.
   */
  entryResults: (env: LoaderEnv) => batchMany<TeamResultRow>(env,
    `UNWIND $ids.items AS id
     MATCH (team:Team)<-[:FOR_TEAM]-(:Entry {id: id})-[:IN_TOURNAMENT]->(t:Tournament)
     CALL (team, t) {${worldCupMatchesOf('team.id', 'team, t', 'true', 't.id')}
     }
     WITH id, t, m, team ORDER BY ${matchChronology('m')}, m.id
     RETURN id AS key, ${SIDE_RESULT.list} AS value`,
    SIDE_RESULT,
  ),
  /**
   * By team and scope: every match the scope counts for the team, from the side that played it (the
   * team or a predecessor), by date; a match of another competition has no tournament, stage or group.
   */
  teamResults: (env: LoaderEnv) => loadByParams(batchMany<ScopedResultRow, MatchScopeKey & { team: string; key: string }>(env,
    `UNWIND $ids.items AS id
     MATCH (own:Team {id: id.team})
     UNWIND ${sideOf('own', 'id')} AS team
     // A World Cup record seeks the side's matches with a tournament in the indexes of the matches'
     // team and tournament ids (kept with their edges), not among its matches of every competition;
     // a record of every competition reads them all.
     CALL (team, id) {${worldCupMatchesOf('team.id', 'team, id', 'NOT id.allMatches')}
       UNION
       WITH team, id WHERE id.allMatches
       MATCH (team)<-[:HOME_TEAM|AWAY_TEAM]-(m:Match)
       RETURN m
     }
     WITH id, team, m WHERE ${withinDates('m', 'id')}
     OPTIONAL MATCH (m)-[:IN_TOURNAMENT]->(t:Tournament)
     WITH id, t, m, team WHERE id.allMatches OR t IS NOT NULL
     WITH id, t, m, team ORDER BY ${matchChronology('m')}, m.id
     RETURN id.key AS key, ${SIDE_RESULT.list} AS value`,
    SIDE_RESULT,
  )),
  /** By team id: the teams whose record it took over, at any remove, the earliest first. */
  teamPredecessors: (env: LoaderEnv) => batchMany<TeamRow>(env,
    `UNWIND $ids.items AS id
     MATCH (p:Team)-[:SUCCEEDED_BY*1..6]->(:Team {id: id})
     WITH DISTINCT id, p ORDER BY p.activeFrom, p.id
     RETURN id AS key, ${PREDECESSORS.list} AS value`,
    PREDECESSORS,
  ),
} satisfies LoaderFactories;
