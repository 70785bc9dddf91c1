import { batchMany, type LoaderEnv } from './batched-loader';
import { appearanceProjection, bookingProjection, goalProjection, quoteProjection, sideInMatch, substitutionProjection } from './projections';
import type { AppearanceRow, BookingRow, GoalRow, MatchCoachRow, QuoteRow, SubstitutionRow } from './rows';

/** What happened in a match, keyed by match id, in match order (home side first where it matters). */
export function createMatchLoaders(env: LoaderEnv) {
  return {
    matchGoals: batchMany<GoalRow>(env,
      `UNWIND $ids AS id
       MATCH (g:Goal)-[:IN_MATCH]->(:Match {id: id})
       WITH id, g ORDER BY g.sequence
       RETURN id AS key, ${goalProjection('g')} AS value`,
    ),
    matchAppearances: batchMany<AppearanceRow>(env,
      `UNWIND $ids AS id
       MATCH (p:Player)-[r:PLAYED_IN]->(m:Match {id: id})
       WITH id, p, r, m, ${sideInMatch('p', 'm')} AS teamId
       ORDER BY EXISTS { (m)-[:HOME_TEAM]->(:Team {id: teamId}) } DESC, r.starter DESC, coalesce(r.minuteOn, 0), p.name
       RETURN id AS key, ${appearanceProjection('p', 'r', 'm')} AS value`,
    ),
    matchSubstitutions: batchMany<SubstitutionRow>(env,
      `UNWIND $ids AS id
       MATCH (s:Substitution)-[:IN_MATCH]->(:Match {id: id})
       WITH id, s ORDER BY s.minute, coalesce(s.addedTime, 0), s.id
       RETURN id AS key, ${substitutionProjection('s')} AS value`,
    ),
    matchBookings: batchMany<BookingRow>(env,
      `UNWIND $ids AS id
       MATCH (b:Booking)-[:IN_MATCH]->(:Match {id: id})
       WITH id, b ORDER BY b.sequence
       RETURN id AS key, ${bookingProjection('b')} AS value`,
    ),
    matchCoaches: batchMany<MatchCoachRow>(env,
      `UNWIND $ids AS id
       MATCH (c:Coach)-[r:MANAGED]->(m:Match {id: id})
       WITH id, c, r, m, ${sideInMatch('c', 'm')} AS teamId
       ORDER BY EXISTS { (m)-[:HOME_TEAM]->(:Team {id: teamId}) } DESC, c.name
       RETURN id AS key, {coachId: c.id, teamId: teamId, matchId: id, sourceIds: coalesce(r.sources, [])} AS value`,
    ),
    matchQuotes: batchMany<QuoteRow>(env,
      `UNWIND $ids AS id
       MATCH (q:Quote)-[:ABOUT]->(:Match {id: id})
       WITH id, q ORDER BY q.id
       RETURN id AS key, ${quoteProjection('q')} AS value`,
    ),
  };
}
