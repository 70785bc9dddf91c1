/**
 * Cypher map projections turning a node into its row (rows.ts), shared by every query that returns
 * that kind of node so a Match read by id and a Match read in a page look the same. Each takes the
 * variable the node is bound to. Neighbour ids come from pattern comprehensions on `nb`, a name the
 * surrounding queries never bind (a bound name would silently constrain the comprehension).
 * Static text only: user input never reaches these strings.
 */

const neighbourId = (pattern: string) => `head([${pattern} | nb.id])`;

/** The year of the tournament match `m` belongs to. */
export const tournamentYearOf = (m: string) => `head([(${m})-[:IN_TOURNAMENT]->(nb) | nb.year])`;

/**
 * The sort key of a match in time: its date, or its tournament's year where no source states the
 * date (the 1986 quarter-final of the seeds), so undated meetings still fall in their year rather
 * than after every dated one.
 */
export const matchChronology = (m: string, tournamentYear = tournamentYearOf(m)) =>
  `coalesce(${m}.date, toString(${tournamentYear}), '')`;

export const sourceProjection = (s: string) =>
  `${s} {.id, .title, .kind, .publisher, .url, .licence, .attribution, labels: labels(${s})}`;

export const personProjection = (p: string) =>
  `${p} {.id, .name, aliases: coalesce(${p}.aliases, []), .birthDate, .nationality, labels: labels(${p})}`;

export const teamProjection = (t: string) =>
  `${t} {.id, .name, .gender, .code, .confederation, aliases: coalesce(${t}.aliases, []), labels: labels(${t})}`;

export const cityProjection = (c: string) =>
  `${c} {.id, .name, .country, aliases: coalesce(${c}.aliases, []), labels: labels(${c})}`;

export const venueProjection = (v: string) =>
  `${v} {.id, .name, .capacity, aliases: coalesce(${v}.aliases, []), labels: labels(${v}),
    cityId: ${neighbourId(`(${v})-[:IN_CITY]->(nb)`)}}`;

export const tournamentProjection = (t: string) =>
  `${t} {.id, .year, .gender, .name, hosts: coalesce(${t}.hosts, []), .startDate, .endDate, labels: labels(${t}),
    winnerTeamId: ${neighbourId(`(${t})-[:WON_BY]->(nb)`)}}`;

export const entryProjection = (e: string) =>
  `${e} {.id, labels: labels(${e}),
    teamId: ${neighbourId(`(${e})-[:FOR_TEAM]->(nb)`)},
    tournamentId: ${neighbourId(`(${e})-[:IN_TOURNAMENT]->(nb)`)}}`;

export const stageProjection = (s: string) => `${s} {.id, .slug, .name, .order, labels: labels(${s})}`;

/** Of `nbLinks` (see `matchProjection`), the neighbour along `type`. */
const linked = (type: string) => `head([nbl IN nbLinks WHERE nbl[0] = '${type}' | nbl[1]])`;

/**
 * `more`: further entries, e.g. `, sortKey: sortKey` for a page's rows. The neighbours are read in
 * one walk over the match's relationships: a match has a line-up's worth of them, and a pattern
 * per neighbour walked them all five times (100 db hits per match, now 35).
 */
export const matchProjection = (m: string, more = '') =>
  `head([nbLinks IN [[(${m})-[nbr:IN_STAGE|IN_TOURNAMENT|HOME_TEAM|AWAY_TEAM|AT_VENUE]->(nb) |
      [type(nbr), CASE type(nbr) WHEN 'IN_STAGE' THEN nb.name ELSE nb.id END]]] |
    ${m} {.id, .date, .kickoff, .stage, .group, .homeScore, .awayScore, .homeScore90, .awayScore90, .extraTime,
    .homePenalties, .awayPenalties, .winnerTeamId, .replay, labels: labels(${m}),
    stageName: ${linked('IN_STAGE')},
    tournamentId: ${linked('IN_TOURNAMENT')},
    homeTeamId: ${linked('HOME_TEAM')},
    awayTeamId: ${linked('AWAY_TEAM')},
    venueId: ${linked('AT_VENUE')}${more}}])`;

/** The year of the tournament of the match of event `g` (a goal, a booking). */
const eventYear = (g: string) => `head([(${g})-[:IN_MATCH]->(:Match)-[:IN_TOURNAMENT]->(nb) | nb.year])`;

/** `tournamentYear` when the query has it already (a match's goals share their match's). */
export const goalProjection = (g: string, tournamentYear = eventYear(g)) =>
  `${g} {.id, .sequence, .minute, .addedTime, .period, penalty: coalesce(${g}.penalty, false),
    ownGoal: coalesce(${g}.ownGoal, false), .method, labels: labels(${g}),
    matchId: ${neighbourId(`(${g})-[:IN_MATCH]->(nb)`)},
    teamId: ${neighbourId(`(${g})-[:FOR_TEAM]->(nb)`)},
    scorerId: ${neighbourId(`(nb)-[:SCORED]->(${g})`)},
    assistId: ${neighbourId(`(nb)-[:ASSISTED]->(${g})`)},
    tournamentYear: ${tournamentYear}}`;

export const substitutionProjection = (s: string) =>
  `${s} {.id, .minute, .addedTime, .period, labels: labels(${s}),
    matchId: ${neighbourId(`(${s})-[:IN_MATCH]->(nb)`)},
    teamId: ${neighbourId(`(${s})-[:FOR_TEAM]->(nb)`)},
    playerOnId: ${neighbourId(`(${s})-[:PLAYER_ON]->(nb)`)},
    playerOffId: ${neighbourId(`(${s})-[:PLAYER_OFF]->(nb)`)}}`;

/** `tournamentYear`: as for `goalProjection`. */
export const bookingProjection = (b: string, tournamentYear = eventYear(b)) =>
  `${b} {.id, .sequence, .minute, .addedTime, .period, .card, labels: labels(${b}),
    matchId: ${neighbourId(`(${b})-[:IN_MATCH]->(nb)`)},
    teamId: ${neighbourId(`(${b})-[:FOR_TEAM]->(nb)`)},
    playerId: ${neighbourId(`(nb)-[:BOOKED]->(${b})`)},
    tournamentYear: ${tournamentYear}}`;

export const quoteProjection = (q: string) =>
  `${q} {.id, .text, labels: labels(${q}),
    speakerId: ${neighbourId(`(nb)-[:SAID]->(${q})`)},
    matchId: ${neighbourId(`(${q})-[:ABOUT]->(nb:Match)`)}}`;

export const claimProjection = (c: string) =>
  `${c} {.id, .statement, .metric, .value, .unit, .values, .valueLabels, .scope,
    labels: labels(${c}),
    about: [(${c})-[nbr:ABOUT]->(nb) | {id: nb.id, role: nbr.role}]}`;

/** The id of the tournament match `m` belongs to. */
export const tournamentIdOf = (m: string) => neighbourId(`(${m})-[:IN_TOURNAMENT]->(nb)`);

/**
 * The id of the team person `p` played for or coached at the tournament whose id is `tournamentId`:
 * the team of their entry there (model.ts, ENTRY). An entry's id is the tournament's id, '-', the
 * team's id, so the team is read from the ids of the person's few entries; walking on from each
 * entry to its tournament and team read every relationship of the entry (a squad's worth), and
 * made this expression cost some 300 db hits per appearance.
 */
export const sideAt = (p: string, tournamentId: string) =>
  `head([(${p})-[:IN_SQUAD|COACHED]->(nbe:Entry) WHERE nbe.id STARTS WITH ${tournamentId} + '-' | substring(nbe.id, size(${tournamentId}) + 1)])`;

/** The id of the team person `p` played for or coached in match `m` (see `sideAt`). */
export const sideInMatch = (p: string, m: string) => sideAt(p, tournamentIdOf(m));

/** A `PLAYED_IN` relationship `r` from player `p` to match `m`; `teamId` when the query has it already. */
export const appearanceProjection = (p: string, r: string, m: string, teamId = sideInMatch(p, m)) =>
  `{matchId: ${m}.id, playerId: ${p}.id, teamId: ${teamId}, starter: coalesce(${r}.starter, false), started: coalesce(${r}.starter, false),
    minuteOn: ${r}.minuteOn, minuteOff: ${r}.minuteOff, minutes: ${r}.minutes, shirtNumber: ${r}.shirtNumber, position: ${r}.position, sourceIds: coalesce(${r}.sources, [])}`;

/** A `WON_AWARD` relationship `r` from player `p` to tournament `t`. */
export const awardWinProjection = (p: string, r: string, t: string) =>
  `{award: ${r}.award, shared: coalesce(${r}.shared, false), playerId: ${p}.id, tournamentId: ${t}.id, teamId: ${r}.teamId,
    sourceIds: coalesce(${r}.sources, [])}`;

/** Any node by its most specific label, for interface fields (claim subjects). */
export const entityProjection = (n: string) => `CASE
    WHEN ${n}:Person THEN ${personProjection(n)}
    WHEN ${n}:Team THEN ${teamProjection(n)}
    WHEN ${n}:Match THEN ${matchProjection(n)}
    WHEN ${n}:Tournament THEN ${tournamentProjection(n)}
    WHEN ${n}:Entry THEN ${entryProjection(n)}
    WHEN ${n}:Stage THEN ${stageProjection(n)}
    WHEN ${n}:Venue THEN ${venueProjection(n)}
    WHEN ${n}:City THEN ${cityProjection(n)}
    WHEN ${n}:Goal THEN ${goalProjection(n)}
    WHEN ${n}:Substitution THEN ${substitutionProjection(n)}
    WHEN ${n}:Booking THEN ${bookingProjection(n)}
    WHEN ${n}:Quote THEN ${quoteProjection(n)}
    WHEN ${n}:Claim THEN ${claimProjection(n)}
    WHEN ${n}:Source THEN ${sourceProjection(n)}
    ELSE ${n} {.id, labels: labels(${n})} END`;
