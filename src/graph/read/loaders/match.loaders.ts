import { batchMany, type LoaderEnv } from './batched-loader';
import type { LoaderFactories } from './loader-set';
import {
  appearanceRow,
  bookingRow,
  goalRow,
  matchCoachRow,
  playedFor,
  quoteRow,
  sideAt,
  substitutionRow,
  tournamentIdOf,
  tournamentYearOf,
} from './projections';
import type { AppearanceRow, BookingRow, GoalRow, MatchCoachRow, QuoteRow, SubstitutionRow } from './rows';

/** Binds the match `m` of key `id`, its tournament's id and its home side's id, once per match rather than once per row. */
const MATCH_SIDES = `UNWIND $ids.items AS id
       MATCH (m:Match {id: id})
       WITH id, m, ${tournamentIdOf('m')} AS tournamentId, m.homeTeamId AS homeTeamId`;

/** Home side first (a `teamId` of null, no entry found, sorts with the away side). */
const HOME_FIRST = 'coalesce(teamId = homeTeamId, false) DESC';

// The year per goal, inside the row: a look-ahead that does not select it cuts the column, and the look-up with it.
const GOALS = goalRow.at('g', tournamentYearOf('m'));
const APPEARANCES = appearanceRow.at('p', 'r', 'm', 'teamId');
const SUBSTITUTIONS = substitutionRow.at('s');
const BOOKINGS = bookingRow.at('b');
const COACHES = matchCoachRow.at('c', 'r', 'id', 'teamId');
const QUOTES = quoteRow.at('q');

/** What happened in a match, keyed by match id, in match order (home side first where it matters). */
export const matchLoaders = {
  matchGoals: (env: LoaderEnv) => batchMany<GoalRow>(env,
    `UNWIND $ids.items AS id
     MATCH (g:Goal)-[:IN_MATCH]->(m:Match {id: id})
     WITH id, g, m ORDER BY g.sequence
     RETURN id AS key, ${GOALS.list} AS value`,
    GOALS,
  ),
  matchAppearances: (env: LoaderEnv) => batchMany<AppearanceRow>(env,
    `${MATCH_SIDES}
     MATCH (p:Player)-[r:PLAYED_IN]->(m)
     WITH id, p, r, m, homeTeamId, ${playedFor('p', 'r', 'tournamentId')} AS teamId
     ORDER BY ${HOME_FIRST}, r.starter DESC, coalesce(r.minuteOn, 0), p.name
     RETURN id AS key, ${APPEARANCES.list} AS value`,
    { ...APPEARANCES, binds: { playerId: { variable: 'p', loader: 'player' } } },
  ),
  matchSubstitutions: (env: LoaderEnv) => batchMany<SubstitutionRow>(env,
    `UNWIND $ids.items AS id
     MATCH (s:Substitution)-[:IN_MATCH]->(:Match {id: id})
     WITH id, s ORDER BY s.minute, coalesce(s.addedTime, 0), s.id
     RETURN id AS key, ${SUBSTITUTIONS.list} AS value`,
    SUBSTITUTIONS,
  ),
  matchBookings: (env: LoaderEnv) => batchMany<BookingRow>(env,
    `UNWIND $ids.items AS id
     MATCH (b:Booking)-[:IN_MATCH]->(:Match {id: id})
     WITH id, b ORDER BY b.sequence
     RETURN id AS key, ${BOOKINGS.list} AS value`,
    BOOKINGS,
  ),
  matchCoaches: (env: LoaderEnv) => batchMany<MatchCoachRow>(env,
    `${MATCH_SIDES}
     MATCH (c:Coach)-[r:MANAGED]->(m)
     WITH id, c, r, homeTeamId, ${sideAt('c', 'tournamentId')} AS teamId
     ORDER BY ${HOME_FIRST}, c.name
     RETURN id AS key, ${COACHES.list} AS value`,
    { ...COACHES, binds: { coachId: { variable: 'c', loader: 'coach' } } },
  ),
  matchQuotes: (env: LoaderEnv) => batchMany<QuoteRow>(env,
    `UNWIND $ids.items AS id
     MATCH (q:Quote)-[:ABOUT]->(:Match {id: id})
     WITH id, q ORDER BY q.id
     RETURN id AS key, ${QUOTES.list} AS value`,
    QUOTES,
  ),
} satisfies LoaderFactories;
