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

/** The selections of `TeamRef` and `PlayerRef`, declared once for every document that names a team or a player. */
const TEAM_REF_FRAGMENT = /* GraphQL */ `
  fragment TeamRef on Team {
    id
    name
  }
`;

const PLAYER_REF_FRAGMENT = /* GraphQL */ `
  fragment PlayerRef on Player {
    id
    name
  }
`;

export interface MeetingGoal {
  minute: number;
  addedTime: number | null;
  penalty: boolean | null;
  ownGoal: boolean | null;
  scorer: PlayerRef | null;
  assistedBy: PlayerRef | null;
  team: TeamRef | null;
}

/** What names a match in a list: its World Cup, date and sides. */
export interface MatchHeading {
  id: string;
  /** Null where the sources give only the tournament. */
  date: string | null;
  tournament: { year: number };
  homeTeam: TeamRef;
  awayTeam: TeamRef;
}

const MATCH_HEADING_FRAGMENT = /* GraphQL */ `
  fragment MatchHeading on Match {
    id
    date
    tournament {
      year
    }
    homeTeam {
      ...TeamRef
    }
    awayTeam {
      ...TeamRef
    }
  }
`;

/** A match as the explorer names it and gives its result. */
export interface MatchSummary extends MatchHeading {
  stage: string;
  stageName: string | null;
  /** Null where the sources name the winner but not the score, or the match is still to be played. */
  homeScore: number | null;
  awayScore: number | null;
  penalties: { home: number; away: number } | null;
  winner: TeamRef | null;
}

/** Used with `MATCH_HEADING_FRAGMENT` and `TEAM_REF_FRAGMENT`. */
const MATCH_SUMMARY_FRAGMENT = /* GraphQL */ `
  fragment MatchSummary on Match {
    ...MatchHeading
    stage
    stageName
    homeScore
    awayScore
    penalties {
      home
      away
    }
    winner {
      ...TeamRef
    }
  }
`;

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
  /** Team A's outcome of each meeting, in the order of `meetings`; null where the record does not count it. */
  outcomesA: Array<'WON' | 'DRAWN' | 'LOST' | null>;
  meetings: Meeting[];
}

export const HEAD_TO_HEAD_QUERY = /* GraphQL */ `
  query ExplorerHeadToHead($teamA: String!, $teamB: String!) {
    headToHead(teamA: $teamA, teamB: $teamB) {
      teamA {
        ...TeamRef
      }
      teamB {
        ...TeamRef
      }
      played
      winsA
      winsB
      draws
      goalsA
      goalsB
      outcomesA
      meetings {
        ...MatchSummary
        goals {
          minute
          addedTime
          penalty
          ownGoal
          scorer {
            ...PlayerRef
          }
          assistedBy {
            ...PlayerRef
          }
          team {
            ...TeamRef
          }
        }
      }
    }
  }
  ${MATCH_SUMMARY_FRAGMENT}${MATCH_HEADING_FRAGMENT}${TEAM_REF_FRAGMENT}${PLAYER_REF_FRAGMENT}
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
  match: MatchHeading;
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
        ...PlayerRef
      }
      scorer {
        ...PlayerRef
      }
      count
      goals {
        id
        minute
        addedTime
        team {
          ...TeamRef
        }
        match {
          ...MatchHeading
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
  ${MATCH_HEADING_FRAGMENT}${TEAM_REF_FRAGMENT}${PLAYER_REF_FRAGMENT}
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
          ...PlayerRef
        }
        team {
          ...TeamRef
        }
      }
    }
  }
  ${TEAM_REF_FRAGMENT}${PLAYER_REF_FRAGMENT}
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
    parts: ClaimPart[];
    coverage: ClaimCoverage[];
    evidence: ClaimEvidence[];
  };
}

/** One number a claim states, the graph's figure for it and the verdict on it alone. */
export interface ClaimPart {
  label: string | null;
  stated: number;
  computed: number | null;
  verdict: ClaimVerdict;
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
          parts {
            label
            stated
            computed
            verdict
          }
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
                ...MatchSummary
              }
            }
            ... on Match {
              ...MatchSummary
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
  ${MATCH_SUMMARY_FRAGMENT}${MATCH_HEADING_FRAGMENT}${TEAM_REF_FRAGMENT}
`;
