/**
 * The bench's queries, each asked three ways for the same JSON: this API's GraphQL, @neo4j/graphql's
 * GraphQL (bench/neo4j-graphql-type-defs.ts) and one hand-written Cypher statement. Each peer's answer
 * is mapped to this API's shape, and lists whose order the query does not define are sorted, before
 * the bench compares them.
 */
import { tally } from '../src/graph/read/analytics/match-results';
import { sideInMatch } from '../src/graph/read/loaders/projections';

type Json = Record<string, unknown>;
type Row = Json;

export interface PeerQuery {
  name: string;
  /** Sent to this API: `{ query, variables }`. */
  api: { query: string; variables: Json };
  /** Sent to @neo4j/graphql. */
  neo4jGraphql: { query: string; variables: Json };
  /** One statement returning one row whose `data` is this API's `data`. */
  cypher: { statement: string; params: Json };
  /** @neo4j/graphql's `data` in this API's shape. */
  fromNeo4jGraphql(data: Json): Json;
  /** Sorts the lists whose order the query leaves open; applied to every peer's answer. */
  normalise(data: Json): Json;
}

/** @neo4j/graphql (7) models every relationship as a list: a to-one field is its first element. */
const one = (list: unknown): unknown => (Array.isArray(list) ? (list[0] ?? null) : list);
const byKey = <T>(key: (item: T) => string) => (a: T, b: T) => key(a).localeCompare(key(b));

/** A person with their entries (team at a tournament), as @neo4j/graphql returns them. */
interface WithEntries {
  name: string;
  entries: Array<{ team: Array<{ id: string }>; tournament: Array<{ id: string }> }>;
}
/** The selection of `WithEntries`. */
const ENTRIES = 'entries { team { id } tournament { id } }';
/** The side a person took in a match of `tournamentId`: their entry at that tournament. */
const sideAt = (person: WithEntries, tournamentId: string) => ({
  id: person.entries.find((entry) => entry.tournament[0]?.id === tournamentId)?.team[0]?.id ?? null,
});

interface CoachesAndTournament {
  coaches: WithEntries[];
  tournament: Array<{ id: string }>;
}
const coachesOf = (m: CoachesAndTournament) =>
  m.coaches.map((coach) => ({ coach: { name: coach.name }, team: sideAt(coach, m.tournament[0]!.id) }));
const sortCoaches = (coaches: Array<{ coach: { name: string }; team: { id: string } }>) =>
  [...coaches].sort(byKey((c) => `${c.team.id} ${c.coach.name}`));

/** Cypher map of the coaches of match `m`, as `MatchCoach { coach { name } team { id } }`. */
const CYPHER_COACHES = `COLLECT { MATCH (c:Coach)-[:MANAGED]->(m) RETURN {coach: c {.name}, team: {id: ${sideInMatch('c', 'm')}}} }`;
const matchesOfTeams = (teams: string) => `{ OR: [{ homeTeam: { some: { id: { in: ${teams} } } } }, { awayTeam: { some: { id: { in: ${teams} } } } }] }`;
/**
 * @neo4j/graphql's filter for matches at these World Cups (a list literal or variable), or at any:
 * this API reads World Cup matches unless a competition is named, and the graph also holds every
 * other international since 1872.
 */
export const worldCupMatches = (tournamentYears?: string) =>
  `{ tournament: { some: { year: { ${tournamentYears ? `in: ${tournamentYears}` : 'gt: 0'} } } } }`;
const WORLD_CUP_MATCHES = worldCupMatches();
const CYPHER_WORLD_CUP_MATCH = 'EXISTS { (m)-[:IN_TOURNAMENT]->(:Tournament) }';

const meetings: PeerQuery = {
  name: 'Argentina v England meetings: goals, scorers, assisters, coaches',
  api: {
    query: `query Meetings($teams: [String!]!) {
      matches(filter: { teams: $teams }, first: 100) { nodes {
        id date homeScore awayScore homeTeam { name } awayTeam { name }
        goals { minute scorer { name } assistedBy { name } team { name } }
        coaches { coach { name } team { id } } } } }`,
    variables: { teams: ['argentina-men', 'england-men'] },
  },
  neo4jGraphql: {
    query: `query Meetings($a: [ID!]!, $b: [ID!]!) {
      matches(where: { AND: [${matchesOfTeams('$a')}, ${matchesOfTeams('$b')}, ${WORLD_CUP_MATCHES}] }, sort: [{ date: ASC }, { id: ASC }]) {
        id date homeScore awayScore homeTeam { name } awayTeam { name }
        goals(sort: [{ sequence: ASC }]) { minute scorer { name } assistedBy { name } team { name } }
        tournament { id } coaches { name ${ENTRIES} } } }`,
    variables: { a: ['argentina-men'], b: ['england-men'] },
  },
  cypher: {
    statement: `MATCH (:Team {id: $a})<-[:HOME_TEAM|AWAY_TEAM]-(m:Match)-[:HOME_TEAM|AWAY_TEAM]->(:Team {id: $b})
      WHERE ${CYPHER_WORLD_CUP_MATCH}
      WITH m ORDER BY m.date, m.id
      RETURN {matches: {nodes: collect(m {.id, .date, .homeScore, .awayScore,
        homeTeam: head([(m)-[:HOME_TEAM]->(t) | t {.name}]), awayTeam: head([(m)-[:AWAY_TEAM]->(t) | t {.name}]),
        goals: COLLECT { MATCH (g:Goal)-[:IN_MATCH]->(m) WITH g ORDER BY g.sequence
          RETURN {minute: g.minute, scorer: head([(p)-[:SCORED]->(g) | p {.name}]),
            assistedBy: head([(p)-[:ASSISTED]->(g) | p {.name}]), team: head([(g)-[:FOR_TEAM]->(t) | t {.name}])} },
        coaches: ${CYPHER_COACHES}})}} AS data`,
    params: { a: 'argentina-men', b: 'england-men' },
  },
  fromNeo4jGraphql: (data) => ({
    matches: {
      nodes: (data.matches as Array<Row & CoachesAndTournament>).map(({ coaches, tournament, ...m }) => ({
        ...m,
        homeTeam: one(m.homeTeam),
        awayTeam: one(m.awayTeam),
        goals: (m.goals as Row[]).map((g) => ({ ...g, scorer: one(g.scorer), assistedBy: one(g.assistedBy), team: one(g.team) })),
        coaches: coachesOf({ coaches, tournament }),
      })),
    },
  }),
  normalise: (data) => ({
    matches: {
      nodes: ((data.matches as Json).nodes as Array<Row & { coaches: [] }>).map((m) => ({ ...m, coaches: sortCoaches(m.coaches) })),
    },
  }),
};

type Appearance = { player: { name: string }; team: { id: string }; starter: boolean };

const firstMatches: PeerQuery = {
  name: "First 40 Argentina matches: goals, scorers' teams, appearances, coaches",
  api: {
    query: `query FirstMatches($team: String!, $first: Int!) {
      matches(filter: { teams: [$team] }, first: $first) { nodes {
        id date stage homeTeam { name } awayTeam { name }
        goals { minute scorer { name } team { name } }
        appearances { player { name } team { id } starter }
        coaches { coach { name } team { id } } } } }`,
    variables: { team: 'argentina-men', first: 40 },
  },
  neo4jGraphql: {
    query: `query FirstMatches($team: [ID!]!, $first: Int!) {
      matches(where: { AND: [${matchesOfTeams('$team')}, ${WORLD_CUP_MATCHES}] }, sort: [{ date: ASC }, { id: ASC }], limit: $first) {
        id date stage homeTeam { name } awayTeam { name }
        goals(sort: [{ sequence: ASC }]) { minute scorer { name } team { name } }
        playersConnection { edges { properties { starter } node { name ${ENTRIES} } } }
        tournament { id } coaches { name ${ENTRIES} } } }`,
    variables: { team: ['argentina-men'], first: 40 },
  },
  cypher: {
    statement: `MATCH (m:Match)-[:HOME_TEAM|AWAY_TEAM]->(:Team {id: $team})
      WHERE ${CYPHER_WORLD_CUP_MATCH}
      WITH m ORDER BY m.date, m.id LIMIT toInteger($first)
      RETURN {matches: {nodes: collect(m {.id, .date, .stage,
        homeTeam: head([(m)-[:HOME_TEAM]->(t) | t {.name}]), awayTeam: head([(m)-[:AWAY_TEAM]->(t) | t {.name}]),
        goals: COLLECT { MATCH (g:Goal)-[:IN_MATCH]->(m) WITH g ORDER BY g.sequence
          RETURN {minute: g.minute, scorer: head([(p)-[:SCORED]->(g) | p {.name}]), team: head([(g)-[:FOR_TEAM]->(t) | t {.name}])} },
        appearances: [(p:Player)-[r:PLAYED_IN]->(m) | {player: p {.name}, team: {id: ${sideInMatch('p', 'm')}}, starter: coalesce(r.starter, false)}],
        coaches: ${CYPHER_COACHES}})}} AS data`,
    params: { team: 'argentina-men', first: 40 },
  },
  fromNeo4jGraphql: (data) => ({
    matches: {
      nodes: (data.matches as Array<Row & CoachesAndTournament & { playersConnection: { edges: Array<{ properties: Row; node: WithEntries }> } }>).map(
        ({ coaches, tournament, playersConnection, ...m }) => ({
          ...m,
          homeTeam: one(m.homeTeam),
          awayTeam: one(m.awayTeam),
          goals: (m.goals as Row[]).map((g) => ({ ...g, scorer: one(g.scorer), team: one(g.team) })),
          appearances: playersConnection.edges.map((e) => ({
            player: { name: e.node.name }, team: sideAt(e.node, tournament[0]!.id), starter: e.properties.starter ?? false,
          })),
          coaches: coachesOf({ coaches, tournament }),
        }),
      ),
    },
  }),
  normalise: (data) => ({
    matches: {
      nodes: ((data.matches as Json).nodes as Array<Row & { coaches: []; appearances: Appearance[] }>).map((m) => ({
        ...m,
        coaches: sortCoaches(m.coaches),
        appearances: [...m.appearances].sort(byKey((a) => `${a.team.id} ${a.player.name} ${a.starter}`)),
      })),
    },
  }),
};

type LineupAppearance = Appearance & { shirtNumber: number | null; position: string | null; minuteOn: number | null; minuteOff: number | null };
type LineupSubstitution = { minute: number; playerOn: { name: string } };

const lineups: PeerQuery = {
  name: "Argentina's 2022 line-ups: shirt numbers, positions, minutes on and off, substitutions",
  api: {
    query: `query Lineups($team: String!, $years: [Int!]!) {
      matches(filter: { teams: [$team], tournamentYears: $years }, first: 20) { nodes {
        id date homeTeam { name } awayTeam { name }
        appearances { player { name } team { id } starter shirtNumber position minuteOn minuteOff }
        substitutions { minute playerOn { name } playerOff { name } team { name } } } } }`,
    variables: { team: 'argentina-men', years: [2022] },
  },
  neo4jGraphql: {
    query: `query Lineups($team: [ID!]!, $years: [Int!]!) {
      matches(where: { AND: [${matchesOfTeams('$team')}, ${worldCupMatches('$years')}] }, sort: [{ date: ASC }, { id: ASC }], limit: 20) {
        id date homeTeam { name } awayTeam { name }
        playersConnection { edges { properties { starter shirtNumber position minuteOn minuteOff } node { name ${ENTRIES} } } }
        substitutions { minute playerOn { name } playerOff { name } team { name } }
        tournament { id } } }`,
    variables: { team: ['argentina-men'], years: [2022] },
  },
  cypher: {
    statement: `MATCH (m:Match)-[:HOME_TEAM|AWAY_TEAM]->(:Team {id: $team}), (m)-[:IN_TOURNAMENT]->(t:Tournament)
      WHERE t.year IN $years
      WITH m ORDER BY m.date, m.id LIMIT 20
      RETURN {matches: {nodes: collect(m {.id, .date,
        homeTeam: head([(m)-[:HOME_TEAM]->(t) | t {.name}]), awayTeam: head([(m)-[:AWAY_TEAM]->(t) | t {.name}]),
        appearances: [(p:Player)-[r:PLAYED_IN]->(m) | {player: p {.name}, team: {id: ${sideInMatch('p', 'm')}}, starter: coalesce(r.starter, false),
          shirtNumber: r.shirtNumber, position: r.position, minuteOn: r.minuteOn, minuteOff: r.minuteOff}],
        substitutions: [(s:Substitution)-[:IN_MATCH]->(m) | {minute: s.minute, playerOn: head([(s)-[:PLAYER_ON]->(p) | p {.name}]),
          playerOff: head([(s)-[:PLAYER_OFF]->(p) | p {.name}]), team: head([(s)-[:FOR_TEAM]->(t) | t {.name}])}]})}} AS data`,
    params: { team: 'argentina-men', years: [2022] },
  },
  fromNeo4jGraphql: (data) => ({
    matches: {
      nodes: (data.matches as Array<Row & { tournament: Array<{ id: string }>; playersConnection: { edges: Array<{ properties: Row; node: WithEntries }> } }>).map(
        ({ tournament, playersConnection, ...m }) => ({
          ...m,
          homeTeam: one(m.homeTeam),
          awayTeam: one(m.awayTeam),
          appearances: playersConnection.edges.map((e) => ({
            player: { name: e.node.name }, team: sideAt(e.node, tournament[0]!.id),
            ...e.properties, starter: e.properties.starter ?? false,
          })),
          substitutions: (m.substitutions as Row[]).map((s) => ({ ...s, playerOn: one(s.playerOn), playerOff: one(s.playerOff), team: one(s.team) })),
        }),
      ),
    },
  }),
  normalise: (data) => ({
    matches: {
      nodes: ((data.matches as Json).nodes as Array<Row & { appearances: LineupAppearance[]; substitutions: LineupSubstitution[] }>).map((m) => ({
        ...m,
        appearances: [...m.appearances].sort(byKey((a) => `${a.team.id} ${a.player.name}`)).map((a) => ({
          player: a.player, team: a.team, starter: a.starter, shirtNumber: a.shirtNumber, position: a.position, minuteOn: a.minuteOn, minuteOff: a.minuteOff,
        })),
        substitutions: [...m.substitutions].sort(byKey((s) => `${String(s.minute).padStart(3, '0')} ${s.playerOn.name}`)),
      })),
    },
  }),
};

/**
 * Who assisted whom, one row `link` per pair, ranked as this API's `assists` ranks them: the
 * hand-written statement, and @neo4j/graphql's `assistLinks` (a `@cypher` field, which is how its
 * documentation has a query aggregate).
 */
export const ASSIST_LINK_ROWS = `MATCH (assister:Player)-[:ASSISTED]->(g:Goal)<-[:SCORED]-(scorer:Player)
  WHERE NOT coalesce(g.ownGoal, false)
  MATCH (g)-[:IN_MATCH]->(m:Match)
  WITH assister, scorer, g, m ORDER BY m.date, m.id, g.sequence
  WITH assister, scorer, collect({minute: g.minute, match: m {.date,
    homeTeam: head([(m)-[:HOME_TEAM]->(t) | t {.name}]), awayTeam: head([(m)-[:AWAY_TEAM]->(t) | t {.name}]),
    tournament: head([(m)-[:IN_TOURNAMENT]->(t) | t {.year}])}}) AS goals
  ORDER BY size(goals) DESC, assister.name, scorer.name LIMIT toInteger($first)
  WITH {count: size(goals), assister: assister {.name}, scorer: scorer {.name}, goals: goals} AS link`;

const assistPairs: PeerQuery = {
  name: 'Who assisted whom across the World Cups: the 50 most frequent pairs, with their goals',
  api: {
    query: `query Assists($first: Int!) { assists(first: $first) {
      count assister { name } scorer { name }
      goals { minute match { date homeTeam { name } awayTeam { name } tournament { year } } } } }`,
    variables: { first: 50 },
  },
  neo4jGraphql: {
    query: `query Assists($first: Int!) { assistLinks(first: $first) {
      count assister { name } scorer { name }
      goals { minute match { date homeTeam { name } awayTeam { name } tournament { year } } } } }`,
    variables: { first: 50 },
  },
  cypher: { statement: `${ASSIST_LINK_ROWS} RETURN {assists: collect(link)} AS data`, params: { first: 50 } },
  fromNeo4jGraphql: (data) => ({ assists: data.assistLinks }),
  // Every peer ranks the pairs by count, then the assister's and the scorer's names, and lists the
  // goals in the order they were scored: nothing is left to sort.
  normalise: (data) => data,
};

type CareerGoal = { minute: number; match: { date: string } };

const career: PeerQuery = {
  name: "One player's World Cup career: goals by tournament",
  api: {
    query: `query Career($id: ID!) { player(id: $id) { name goals { minute penalty match { date stage tournament { year } } } } }`,
    variables: { id: 'lionel-messi' },
  },
  neo4jGraphql: {
    query: `query Career($id: ID!) { players(where: { id: { eq: $id } }) {
      name goals(where: { AND: [{ NOT: { ownGoal: { eq: true } } }, { match: { some: ${WORLD_CUP_MATCHES} } }] }) { minute penalty match { date stage tournament { year } } } } }`,
    variables: { id: 'lionel-messi' },
  },
  cypher: {
    statement: `MATCH (p:Player {id: $id})
      RETURN {player: p {.name, goals: COLLECT {
        MATCH (p)-[:SCORED]->(g:Goal)-[:IN_MATCH]->(m:Match)-[:IN_TOURNAMENT]->(t:Tournament)
        WHERE NOT coalesce(g.ownGoal, false)
        WITH g, m, t ORDER BY m.date, g.sequence
        RETURN {minute: g.minute, penalty: g.penalty, match: m {.date, .stage, tournament: t {.year}}} }}} AS data`,
    params: { id: 'lionel-messi' },
  },
  fromNeo4jGraphql: (data) => {
    const [player] = data.players as Array<{ name: string; goals: Row[] }>;
    if (!player) return { player: null };
    const goals = player.goals.map((g) => {
      const match = one(g.match) as Row;
      return { ...g, match: { ...match, tournament: one(match.tournament) } };
    });
    return { player: { ...player, goals } };
  },
  normalise: (data) => {
    const player = data.player as { name: string; goals: CareerGoal[] } | null;
    if (!player) return data;
    const order = (g: CareerGoal) => `${g.match.date} ${String(g.minute).padStart(3, '0')}`;
    return { player: { ...player, goals: [...player.goals].sort(byKey(order)) } };
  },
};

type MeetingGoal = { minute: number | null; scorer: { name: string } | null; team: { name: string } | null };
type Meeting = Row & {
  homeScore: number | null;
  awayScore: number | null;
  homePenalties?: number | null;
  homeTeam: { id: string; name: string };
  awayTeam: { id: string; name: string };
  goals: MeetingGoal[];
};
const MEETING_GOAL_ORDER = (g: MeetingGoal) => `${String(g.minute ?? 999).padStart(3, '0')} ${g.scorer?.name ?? ''} ${g.team?.name ?? ''}`;

/**
 * Every meeting of two teams in every competition since 1872, with the record from team A's side:
 * @neo4j/graphql has no aggregate for a win-draw-loss record, so its client counts the meetings it
 * fetched (with this API's rule, match-results.ts); the hand-written statement counts them in Cypher.
 */
const allCompetitions: PeerQuery = {
  name: 'Argentina v Spain in every competition: record, meetings, goals',
  api: {
    query: `query AllMeetings($a: String!, $b: String!) {
      headToHead(teamA: $a, teamB: $b, scope: ALL_MATCHES) {
        played winsA draws winsB goalsA goalsB
        meetings { id date competition homeScore awayScore homeTeam { id name } awayTeam { id name }
          goals { minute scorer { name } team { name } } } } }`,
    variables: { a: 'argentina-men', b: 'spain-men' },
  },
  neo4jGraphql: {
    query: `query AllMeetings($a: [ID!]!, $b: [ID!]!) {
      matches(where: { AND: [${matchesOfTeams('$a')}, ${matchesOfTeams('$b')}] }, sort: [{ date: ASC }, { id: ASC }]) {
        id date competition homeScore awayScore homePenalties homeTeam { id name } awayTeam { id name }
        goals { minute scorer { name } team { name } } } }`,
    variables: { a: ['argentina-men'], b: ['spain-men'] },
  },
  cypher: {
    statement: `MATCH (a:Team {id: $a})<-[:HOME_TEAM|AWAY_TEAM]-(m:Match)-[:HOME_TEAM|AWAY_TEAM]->(:Team {id: $b})
      WITH m, EXISTS { (m)-[:HOME_TEAM]->(a) } AS aIsHome ORDER BY m.date, m.id
      WITH collect({
        goalsA: CASE WHEN aIsHome THEN m.homeScore ELSE m.awayScore END,
        goalsB: CASE WHEN aIsHome THEN m.awayScore ELSE m.homeScore END,
        shootout: m.homePenalties IS NOT NULL,
        meeting: m {.id, .date, .competition, .homeScore, .awayScore,
          homeTeam: head([(m)-[:HOME_TEAM]->(t) | t {.id, .name}]), awayTeam: head([(m)-[:AWAY_TEAM]->(t) | t {.id, .name}]),
          goals: [(g:Goal)-[:IN_MATCH]->(m) | {minute: g.minute, scorer: head([(p)-[:SCORED]->(g) | p {.name}]), team: head([(g)-[:FOR_TEAM]->(t) | t {.name}])}]}
      }) AS rows
      WITH rows, [r IN rows WHERE r.goalsA IS NOT NULL AND r.goalsB IS NOT NULL] AS scored
      RETURN {headToHead: {
        played: size(scored),
        winsA: size([r IN scored WHERE NOT r.shootout AND r.goalsA > r.goalsB]),
        draws: size([r IN scored WHERE r.shootout OR r.goalsA = r.goalsB]),
        winsB: size([r IN scored WHERE NOT r.shootout AND r.goalsA < r.goalsB]),
        goalsA: reduce(total = 0, r IN scored | total + r.goalsA),
        goalsB: reduce(total = 0, r IN scored | total + r.goalsB),
        meetings: [r IN rows | r.meeting]}} AS data`,
    params: { a: 'argentina-men', b: 'spain-men' },
  },
  fromNeo4jGraphql: (data) => {
    const meetings = (data.matches as Array<Meeting & { homeTeam: unknown[]; awayTeam: unknown[] }>).map((m) => ({
      ...m,
      homeTeam: one(m.homeTeam) as Meeting['homeTeam'],
      awayTeam: one(m.awayTeam) as Meeting['awayTeam'],
      goals: (m.goals as Row[]).map((g) => ({ ...g, scorer: one(g.scorer), team: one(g.team) })) as MeetingGoal[],
    }));
    const fromA = meetings.map((m) => {
      const aIsHome = m.homeTeam.id === 'argentina-men';
      const [goalsFor, goalsAgainst] = aIsHome ? [m.homeScore, m.awayScore] : [m.awayScore, m.homeScore];
      return { goalsFor, goalsAgainst, shootout: m.homePenalties != null };
    });
    const total = tally(fromA);
    return {
      headToHead: {
        played: total.played, winsA: total.won, draws: total.drawn, winsB: total.lost, goalsA: total.goalsFor, goalsB: total.goalsAgainst,
        meetings: meetings.map(({ homePenalties, ...m }) => m),
      },
    };
  },
  normalise: (data) => {
    const record = data.headToHead as Row & { meetings: Meeting[] };
    return { headToHead: { ...record, meetings: record.meetings.map((m) => ({ ...m, goals: [...m.goals].sort(byKey(MEETING_GOAL_ORDER)) })) } };
  },
};

export const PEER_QUERIES: readonly PeerQuery[] = [meetings, firstMatches, career, lineups, assistPairs, allCompetitions];
