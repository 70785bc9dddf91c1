import { graphql } from '../generated';
import type {
  ExplorerAssistNetworkQuery,
  ExplorerAssistNetworkQueryVariables,
  ExplorerHeadToHeadQuery,
  ExplorerLineUpsQuery,
  ExplorerMatchClaimsQuery,
  MatchHeadingFragment,
  MatchSummaryFragment,
  PlayerRefFragment,
  TeamRefFragment,
} from '../generated/graphql';

/**
 * The explorer's GraphQL documents. It asks only what it draws, through the same public API as any
 * client; the shapes it reads are generated from these documents and the committed schema
 * (`npm run codegen`), so a schema change that breaks the page fails `npm run codegen:check`.
 */

/** The selections of a team and a player, declared once for every document that names one. */
export const TEAM_REF_FRAGMENT = graphql(`
fragment TeamRef on Team {
  id
  name
}
`);

export const PLAYER_REF_FRAGMENT = graphql(`
fragment PlayerRef on Player {
  id
  name
}
`);

/** What names a match in a list: its World Cup, date and sides. */
export const MATCH_HEADING_FRAGMENT = graphql(`
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
`);

/** A match as the explorer names it and gives its result. */
export const MATCH_SUMMARY_FRAGMENT = graphql(`
fragment MatchSummary on Match {
  competition
  edition
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
`);

export const HEAD_TO_HEAD_QUERY = graphql(`
query ExplorerHeadToHead($teamA: String!, $teamB: String!, $scope: MatchScope!) {
  headToHead(teamA: $teamA, teamB: $teamB, scope: $scope) {
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
`);

/** The API's cap on `assists(first:)`: a network wider than this would be unreadable anyway. */
export const MAX_ASSIST_LINKS = 100;

/** The pairs and, beside them, which of the same World Cups have assist data at all. */
export const ASSIST_NETWORK_QUERY = graphql(`
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
`);

export const MATCH_LINE_UPS_QUERY = graphql(`
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
`);

export const CATALOG_TEAMS_QUERY = graphql(`
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
`);

export const CATALOG_TOURNAMENTS_QUERY = graphql(`
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
`);

/** The claims made at a match (or "as of" it), each with the graph's figure, verdict and evidence. */
export const MATCH_CLAIMS_QUERY = graphql(`
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
`);

export type TeamRef = TeamRefFragment;
export type PlayerRef = PlayerRefFragment;
export type MatchHeading = MatchHeadingFragment;
export type MatchSummary = MatchSummaryFragment;

export type HeadToHead = ExplorerHeadToHeadQuery['headToHead'];
export type Meeting = HeadToHead['meetings'][number];
export type MeetingGoal = Meeting['goals'][number];

export type AssistNetwork = ExplorerAssistNetworkQuery;
export type AssistLink = AssistNetwork['assists'][number];
export type AssistGoal = AssistLink['goals'][number];
/** How far one World Cup's assists are known: `goalsWithAssistData` 0 means no data, not no assists. */
export type AssistCoverage = AssistNetwork['assistCoverage'][number];
export type SourceRef = AssistCoverage['sources'][number];
export type AssistFilter = NonNullable<ExplorerAssistNetworkQueryVariables['filter']>;

/** The teams come from the meeting the line-ups are asked for; the API lists the home side first. */
export type MatchLineUps = NonNullable<ExplorerLineUpsQuery['match']>;
export type LineUpAppearance = MatchLineUps['appearances'][number];

export type MatchClaims = NonNullable<ExplorerMatchClaimsQuery['match']>;
export type MatchClaim = MatchClaims['claims'][number];
export type ClaimVerdict = MatchClaim['check']['verdict'];
/** One kind of fact a claim's figure counts, and the World Cups in scope whose data of it is complete or not. */
export type ClaimCoverage = MatchClaim['check']['coverage'][number];
/** A fact a claim's figure counted: a goal, a match, a tournament or a person (`__typename` says which). */
export type ClaimEvidence = MatchClaim['check']['evidence'][number];
