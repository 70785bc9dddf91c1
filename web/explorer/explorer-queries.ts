/**
 * The explorer's GraphQL documents and the shapes it reads from them. It asks only what it draws,
 * through the same public API as any client.
 */

export interface TeamRef {
  id: string;
  name: string;
}

export interface PlayerRef {
  id: string;
  name: string;
}

export interface MeetingGoal {
  minute: number;
  addedTime: number | null;
  penalty: boolean | null;
  ownGoal: boolean | null;
  scorer: PlayerRef | null;
  assistedBy: PlayerRef | null;
  team: TeamRef | null;
}

/** A match as the explorer names it and gives its result (`MATCH_SUMMARY_FIELDS`). */
export interface MatchSummary {
  id: string;
  /** Null where the sources give only the tournament. */
  date: string | null;
  stage: string;
  stageName: string | null;
  tournament: { year: number };
  homeTeam: TeamRef;
  awayTeam: TeamRef;
  /** Null where the sources name the winner but not the score, or the match is still to be played. */
  homeScore: number | null;
  awayScore: number | null;
  penalties: { home: number; away: number } | null;
  winner: TeamRef | null;
}

export interface Meeting extends MatchSummary {
  goals: MeetingGoal[];
}

export interface HeadToHead {
  teamA: TeamRef;
  teamB: TeamRef;
  played: number;
  winsA: number;
  winsB: number;
  draws: number;
  goalsA: number;
  goalsB: number;
  meetings: Meeting[];
}

/** The fields of `MatchSummary`. */
const MATCH_SUMMARY_FIELDS = /* GraphQL */ `
  id
  date
  stage
  stageName
  tournament {
    year
  }
  homeTeam {
    id
    name
  }
  awayTeam {
    id
    name
  }
  homeScore
  awayScore
  penalties {
    home
    away
  }
  winner {
    id
    name
  }
`;

export const HEAD_TO_HEAD_QUERY = /* GraphQL */ `
  query ExplorerHeadToHead($teamA: String!, $teamB: String!) {
    headToHead(teamA: $teamA, teamB: $teamB) {
      teamA {
        id
        name
      }
      teamB {
        id
        name
      }
      played
      winsA
      winsB
      draws
      goalsA
      goalsB
      meetings {
        ${MATCH_SUMMARY_FIELDS}
        goals {
          minute
          addedTime
          penalty
          ownGoal
          scorer {
            id
            name
          }
          assistedBy {
            id
            name
          }
          team {
            id
            name
          }
        }
      }
    }
  }
`;

export interface SourceRef {
  id: string;
  title: string;
  url: string | null;
}

export interface AssistGoal {
  id: string;
  minute: number;
  addedTime: number | null;
  team: TeamRef | null;
  match: {
    id: string;
    date: string | null;
    tournament: { year: number };
    homeTeam: TeamRef;
    awayTeam: TeamRef;
  };
  sources: SourceRef[];
}

export interface AssistLink {
  assister: PlayerRef;
  scorer: PlayerRef;
  count: number;
  goals: AssistGoal[];
}

/** How far one World Cup's assists are known: `goalsWithAssistData` 0 means no data, not no assists. */
export interface AssistCoverage {
  tournamentYear: number;
  goals: number;
  goalsWithAssistData: number;
  sources: SourceRef[];
}

export interface AssistNetwork {
  assists: AssistLink[];
  assistCoverage: AssistCoverage[];
}

export interface AssistFilter {
  tournamentYears?: number[];
  team?: string;
}

/** The API's cap on `assists(first:)`: a network wider than this would be unreadable anyway. */
export const MAX_ASSIST_LINKS = 100;

/** The pairs and, beside them, which of the same World Cups have assist data at all. */
export const ASSIST_NETWORK_QUERY = /* GraphQL */ `
  query ExplorerAssistNetwork($filter: AssistFilter, $first: Int!) {
    assists(filter: $filter, first: $first) {
      assister {
        id
        name
      }
      scorer {
        id
        name
      }
      count
      goals {
        id
        minute
        addedTime
        team {
          id
          name
        }
        match {
          id
          date
          tournament {
            year
          }
          homeTeam {
            id
            name
          }
          awayTeam {
            id
            name
          }
        }
        sources {
          id
          title
          url
        }
      }
    }
    assistCoverage(filter: $filter) {
      tournamentYear
      goals
      goalsWithAssistData
      sources {
        id
        title
        url
      }
    }
  }
`;

export interface LineUpAppearance {
  started: boolean;
  shirtNumber: number | null;
  position: string | null;
  minutes: number | null;
  player: PlayerRef;
  team: TeamRef;
}

/** The teams come from the meeting the line-ups are asked for; the API lists the home side first. */
export interface MatchLineUps {
  id: string;
  appearances: LineUpAppearance[];
}

export const MATCH_LINE_UPS_QUERY = /* GraphQL */ `
  query ExplorerLineUps($id: ID!) {
    match(id: $id) {
      id
      appearances {
        started
        shirtNumber
        position
        minutes
        player {
          id
          name
        }
        team {
          id
          name
        }
      }
    }
  }
`;

/** One page of a root connection, as the catalog reads it. */
export interface CatalogPage<Node> {
  nodes: Node[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

export const CATALOG_TEAMS_QUERY = /* GraphQL */ `
  query ExplorerTeams($first: Int!, $after: String) {
    teams(filter: { gender: MEN }, first: $first, after: $after) {
      nodes {
        name
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

export const CATALOG_TOURNAMENTS_QUERY = /* GraphQL */ `
  query ExplorerTournaments($first: Int!, $after: String) {
    tournaments(filter: { gender: MEN }, first: $first, after: $after) {
      nodes {
        year
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

export type ClaimVerdict = 'CONFIRMED' | 'CONTRADICTED' | 'PARTIAL_DATA' | 'NOT_COMPUTABLE';

/** One kind of fact a claim's figure counts, and the World Cups in scope whose data of it is complete or not. */
export interface ClaimCoverage {
  facts: string;
  complete: boolean;
  covered: Array<{ year: number }>;
  uncovered: Array<{ year: number }>;
}

export interface GoalEvidence {
  __typename: 'Goal';
  id: string;
  minute: number;
  addedTime: number | null;
  scorer: PlayerRef;
  match: MatchSummary;
}

export interface MatchEvidence extends MatchSummary {
  __typename: 'Match';
}

/** A tournament or a person: shown by name. */
export interface NamedEvidence {
  __typename: 'Tournament' | 'Player' | 'Coach' | 'PublicFigure';
  id: string;
  name: string;
}

/** A fact a claim's figure counted: a goal, a match, a tournament or a person (`__typename` says which). */
export type ClaimEvidence = GoalEvidence | MatchEvidence | NamedEvidence;

export interface MatchClaim {
  id: string;
  statement: string;
  metric: string;
  value: number | null;
  values: number[] | null;
  valueLabels: string[] | null;
  sources: SourceRef[];
  check: {
    value: number | null;
    values: Array<number | null> | null;
    verdict: ClaimVerdict;
    coverage: ClaimCoverage[];
    evidence: ClaimEvidence[];
  };
}

export interface MatchClaims {
  id: string;
  claims: MatchClaim[];
}

/** The claims made at a match (or "as of" it), each with the graph's figure, verdict and evidence. */
export const MATCH_CLAIMS_QUERY = /* GraphQL */ `
  query ExplorerMatchClaims($id: ID!) {
    match(id: $id) {
      id
      claims {
        id
        statement
        metric
        value
        values
        valueLabels
        sources {
          id
          title
          url
        }
        check {
          value
          values
          verdict
          coverage {
            facts
            complete
            covered {
              year
            }
            uncovered {
              year
            }
          }
          evidence {
            __typename
            id
            ... on Goal {
              minute
              addedTime
              scorer {
                id
                name
              }
              match {
                ${MATCH_SUMMARY_FIELDS}
              }
            }
            ... on Match {
              ${MATCH_SUMMARY_FIELDS}
            }
            ... on Tournament {
              name
            }
            ... on Person {
              name
            }
          }
        }
      }
    }
  }
`;
