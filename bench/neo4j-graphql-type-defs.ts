import { ASSIST_LINK_ROWS } from './peer-queries';

/**
 * Type definitions for @neo4j/graphql over this project's labels and relationships, written the way
 * its documentation recommends (`@node` types, list relationships, relationship properties), covering
 * what the bench's queries read, and the fields of generated shapes it can express the same way
 * (neo4j-graphql-shapes.ts): a page of a node's matches is a `@cypher` field, as its documentation
 * has it for what no relationship gives. A player's or coach's side in a match is its entry (team at the
 * tournament, `:Entry`) in the match's tournament, read through `entries`.
 */
/** A page of the node's World Cup matches along `pattern`, by date, as this API's `matches(first:)` of a node. */
const matchesAlong = (pattern: string) => `matches(first: Int!): [Match!]! @cypher(statement: """
      MATCH (this)${pattern}(m:Match) WHERE EXISTS { (m)-[:IN_TOURNAMENT]->(:Tournament) }
      RETURN m ORDER BY m.date, m.id LIMIT $first""", columnName: "m")`;

export const NEO4J_GRAPHQL_TYPE_DEFS = /* GraphQL */ `
  type Team @node {
    id: ID!
    name: String!
    gender: String!
    code: String
    confederation: String
    coaches: [Coach!]! @relationship(type: "COACH_OF", direction: IN)
    tournaments: [Entry!]! @relationship(type: "FOR_TEAM", direction: IN)
    ${matchesAlong('<-[:HOME_TEAM|AWAY_TEAM]-')}
  }

  type Tournament @node {
    id: ID!
    year: Int!
    gender: String!
    name: String!
    winner: [Team!]! @relationship(type: "WON_BY", direction: OUT)
    stages: [Stage!]! @relationship(type: "OF_TOURNAMENT", direction: IN)
    teams: [Entry!]! @relationship(type: "IN_TOURNAMENT", direction: IN)
    ${matchesAlong('<-[:IN_TOURNAMENT]-')}
  }

  type Stage @node {
    id: ID!
    name: String!
    order: Int!
  }

  type City @node {
    id: ID!
    name: String!
    country: String!
  }

  type Venue @node {
    id: ID!
    name: String!
    capacity: Int
    city: [City!]! @relationship(type: "IN_CITY", direction: OUT)
    ${matchesAlong('<-[:AT_VENUE]-')}
  }

  type Booking @node {
    id: ID!
    minute: Int!
    sequence: Int!
    player: [Player!]! @relationship(type: "BOOKED", direction: IN)
    team: [Team!]! @relationship(type: "FOR_TEAM", direction: OUT)
    match: [Match!]! @relationship(type: "IN_MATCH", direction: OUT)
  }

  type PlayedIn @relationshipProperties {
    starter: Boolean
    shirtNumber: Int
    position: String
    minuteOn: Int
    minuteOff: Int
  }

  type Entry @node {
    id: ID!
    team: [Team!]! @relationship(type: "FOR_TEAM", direction: OUT)
    tournament: [Tournament!]! @relationship(type: "IN_TOURNAMENT", direction: OUT)
    coaches: [Coach!]! @relationship(type: "COACHED", direction: IN)
  }

  type Match @node {
    id: ID!
    date: String
    stage: String!
    homeScore: Int
    awayScore: Int
    homePenalties: Int
    competition: String
    group: String
    tournament: [Tournament!]! @relationship(type: "IN_TOURNAMENT", direction: OUT)
    venue: [Venue!]! @relationship(type: "AT_VENUE", direction: OUT)
    bookings: [Booking!]! @relationship(type: "IN_MATCH", direction: IN)
    homeTeam: [Team!]! @relationship(type: "HOME_TEAM", direction: OUT)
    awayTeam: [Team!]! @relationship(type: "AWAY_TEAM", direction: OUT)
    goals: [Goal!]! @relationship(type: "IN_MATCH", direction: IN)
    players: [Player!]! @relationship(type: "PLAYED_IN", direction: IN, properties: "PlayedIn")
    coaches: [Coach!]! @relationship(type: "MANAGED", direction: IN)
    substitutions: [Substitution!]! @relationship(type: "IN_MATCH", direction: IN)
  }

  type Substitution @node {
    id: ID!
    minute: Int!
    team: [Team!]! @relationship(type: "FOR_TEAM", direction: OUT)
    playerOn: [Player!]! @relationship(type: "PLAYER_ON", direction: OUT)
    playerOff: [Player!]! @relationship(type: "PLAYER_OFF", direction: OUT)
    match: [Match!]! @relationship(type: "IN_MATCH", direction: OUT)
  }

  type Goal @node {
    id: ID!
    sequence: Int!
    minute: Int!
    penalty: Boolean
    ownGoal: Boolean
    match: [Match!]! @relationship(type: "IN_MATCH", direction: OUT)
    team: [Team!]! @relationship(type: "FOR_TEAM", direction: OUT)
    scorer: [Player!]! @relationship(type: "SCORED", direction: IN)
    assistedBy: [Player!]! @relationship(type: "ASSISTED", direction: IN)
  }

  type Player @node {
    id: ID!
    name: String!
    goals: [Goal!]! @relationship(type: "SCORED", direction: OUT)
    assists: [Goal!]! @relationship(type: "ASSISTED", direction: OUT)
    bookings: [Booking!]! @relationship(type: "BOOKED", direction: OUT)
    entries: [Entry!]! @relationship(type: "IN_SQUAD", direction: OUT)
  }

  type Coach @node {
    id: ID!
    name: String!
    entries: [Entry!]! @relationship(type: "COACHED", direction: OUT)
    matches: [Match!]! @relationship(type: "MANAGED", direction: OUT)
    teams: [Team!]! @relationship(type: "COACH_OF", direction: OUT)
  }

  # An aggregate: a \`@cypher\` field returning maps, as the documentation has it for object types
  # that are no node.
  type AssistName {
    name: String!
  }
  type AssistTeam {
    name: String!
  }
  type AssistTournament {
    year: Int!
  }
  type AssistMatch {
    date: String
    homeTeam: AssistTeam!
    awayTeam: AssistTeam!
    tournament: AssistTournament!
  }
  type AssistGoal {
    minute: Int!
    match: AssistMatch!
  }
  type AssistLink {
    count: Int!
    assister: AssistName!
    scorer: AssistName!
    goals: [AssistGoal!]!
  }

  type Query {
    assistLinks(first: Int!): [AssistLink!]! @cypher(statement: """
${ASSIST_LINK_ROWS}
RETURN link""", columnName: "link")
  }
`;
