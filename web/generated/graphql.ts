/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** Which assists to count; every condition given must hold. */
export type AssistFilter = {
  /** Only this assister, by id or name. */
  assister?: string | null | undefined;
  /** Only the men's or the women's World Cups; also picks the team a name means. */
  gender?: Gender | null | undefined;
  /** Only goals in this match. */
  match?: string | number | null | undefined;
  /** Only this scorer, by id or name. */
  scorer?: string | null | undefined;
  /** Only goals for this team, by id or name. */
  team?: string | null | undefined;
  /** Only goals at these World Cups. */
  tournamentYears?: Array<number> | null | undefined;
};

/** `SECOND_YELLOW`: a second yellow card in the match, which sends the player off. */
export type Card =
  | 'RED'
  | 'SECOND_YELLOW'
  | 'YELLOW';

/** How the graph's figure compares with the claim's, given how much of the claim's scope the data covers. */
export type ClaimVerdict =
  /** The graph's figures equal the claim's, over data covering the whole scope. */
  | 'CONFIRMED'
  /** A figure differs and the data behind the graph's figure covers the whole scope. */
  | 'CONTRADICTED'
  /** The graph holds nothing to compute the figure from (FIFA rankings, all competitions). */
  | 'NOT_COMPUTABLE'
  /** The data does not cover the whole scope (see `coverage`): no verdict either way. */
  | 'PARTIAL_DATA';

/** Which World Cup: the men's or the women's. Teams and tournaments exist once per gender. */
export type Gender =
  | 'MEN'
  | 'WOMEN';

/** Which matches a record counts: World Cup matches only, or every full international of every competition. */
export type MatchScope =
  | 'ALL_MATCHES'
  | 'WORLD_CUP';

/** A match from one side; a shoot-out is a draw, as in FIFA's records. */
export type Outcome =
  | 'DRAWN'
  | 'LOST'
  | 'WON';

/** A period of play; stoppage time belongs to the period it ends. */
export type Period =
  | 'EXTRA_TIME_FIRST_HALF'
  | 'EXTRA_TIME_SECOND_HALF'
  | 'FIRST_HALF'
  | 'SECOND_HALF';

/** A line as squad lists give it: goalkeeper, defender, midfielder, forward. */
export type Position =
  | 'DF'
  | 'FW'
  | 'GK'
  | 'MF';

/** `REPORT`: a prose match report; `DATASET`: structured data. */
export type SourceKind =
  | 'DATASET'
  | 'REPORT';

/** A stage of a World Cup, in the order they are played; `SECOND_GROUP_STAGE` (1974-1982) and `FINAL_ROUND` (1950) are group stages. */
export type StageSlug =
  | 'FINAL'
  | 'FINAL_ROUND'
  | 'GROUP_STAGE'
  | 'QUARTER_FINAL'
  | 'ROUND_OF_16'
  | 'ROUND_OF_32'
  | 'SECOND_GROUP_STAGE'
  | 'SEMI_FINAL'
  | 'THIRD_PLACE';

export type DataCreditsQueryVariables = Exact<{ [key: string]: never; }>;


export type DataCreditsQuery = { sources: Array<{ id: string, title: string, kind: SourceKind, url: string | null, licence: string | null, attribution: string | null }> };

export type SemiFinalInFullQueryVariables = Exact<{ [key: string]: never; }>;


export type SemiFinalInFullQuery = { match: { date: string | null, stageName: string | null, homeScore: number | null, awayScore: number | null, extraTime: boolean | null, tournament: { year: number } | null, venue: { name: string, city: { name: string } | null } | null, homeTeam: { name: string }, awayTeam: { name: string }, penalties: { home: number, away: number } | null, winner: { name: string } | null, appearances: Array<{ position: string | null, starter: boolean, minuteOn: number | null, minuteOff: number | null, player: { name: string }, team: { name: string } }>, substitutions: Array<{ minute: number, team: { name: string }, playerOn: { name: string }, playerOff: { name: string } | null }>, goals: Array<{ minute: number, addedTime: number | null, period: Period | null, penalty: boolean, ownGoal: boolean, scorer: { name: string }, assistedBy: { name: string } | null, team: { name: string } }>, coaches: Array<{ coach: { name: string }, team: { name: string } }>, quotes: Array<{ text: string, speaker:
        | { name: string }
        | { name: string }
        | { name: string }
       }>, sources: Array<{ id: string, title: string, kind: SourceKind }> } | null };

export type WhoAssistedWhom2026QueryVariables = Exact<{ [key: string]: never; }>;


export type WhoAssistedWhom2026Query = { assists: Array<{ count: number, assister: { name: string }, scorer: { name: string }, goals: Array<{ minute: number, addedTime: number | null, match: { stage: StageSlug | null, homeTeam: { name: string }, awayTeam: { name: string } } }> }> };

export type WhoAssistedWhomEveryWorldCupQueryVariables = Exact<{ [key: string]: never; }>;


export type WhoAssistedWhomEveryWorldCupQuery = { assists: Array<{ count: number, assister: { name: string }, scorer: { name: string }, goals: Array<{ minute: number, match: { date: string | null, homeTeam: { name: string }, awayTeam: { name: string } }, sources: Array<{ id: string }> }> }>, assistCoverage: Array<{ tournamentYear: number, gender: Gender, goals: number, goalsWithAssistData: number, sources: Array<{ title: string, attribution: string | null }> }> };

export type ArgentinaVEnglandHeadToHeadQueryVariables = Exact<{ [key: string]: never; }>;


export type ArgentinaVEnglandHeadToHeadQuery = { headToHead: { played: number, winsA: number, winsB: number, draws: number, goalsA: number, goalsB: number, teamA: { name: string }, teamB: { name: string }, meetings: Array<{ date: string | null, stageName: string | null, homeScore: number | null, awayScore: number | null, tournament: { year: number } | null, homeTeam: { name: string }, awayTeam: { name: string }, penalties: { home: number, away: number } | null, winner: { name: string } | null, goals: Array<{ minute: number, addedTime: number | null, scorer: { name: string }, assistedBy: { name: string } | null, team: { name: string } }> }> } };

export type PlayerWorldCupCareerQueryVariables = Exact<{ [key: string]: never; }>;


export type PlayerWorldCupCareerQuery = { player: { name: string, aliases: Array<string>, worldCupStats: Array<{ tournamentYear: number, appearances: number, starts: number, minutes: number, goals: number, assists: number | null, team: { name: string } | null, assistCoverage: { goals: number, goalsWithAssistData: number } }>, goals: Array<{ minute: number, addedTime: number | null, match: { date: string | null, stageName: string | null, homeTeam: { name: string }, awayTeam: { name: string } } }>, assists: Array<{ minute: number, addedTime: number | null, scorer: { name: string }, match: { date: string | null, stageName: string | null } }>, claims: Array<{ statement: string, value: number | null, unit: string | null, checkable: boolean, sources: Array<{ title: string }> }> } | null };

export type ShortestPathBetweenPlayersQueryVariables = Exact<{ [key: string]: never; }>;


export type ShortestPathBetweenPlayersQuery = { path: { length: number, nodes: Array<{ id: string, name: string | null, labels: Array<string> }>, relationships: Array<{ from: string, type: string, to: string }> } | null };

export type DisputedFactWithSourcesQueryVariables = Exact<{ [key: string]: never; }>;


export type DisputedFactWithSourcesQuery = { match: { date: string | null, stage: StageSlug | null, homeTeam: { name: string }, awayTeam: { name: string }, disputes: Array<{ field: string, preferred: string | null, versions: Array<{ value: string, preferred: boolean, reason: string | null, sources: Array<{ id: string, title: string }> }> }> } | null };

export type SourcesAndLicencesQueryVariables = Exact<{ [key: string]: never; }>;


export type SourcesAndLicencesQuery = { sources: Array<{ id: string, title: string, kind: SourceKind, publisher: string | null, url: string | null, licence: string | null, attribution: string | null }> };

export type TopScorersQueryVariables = Exact<{ [key: string]: never; }>;


export type TopScorersQuery = { scorers: Array<{ rank: number, value: number, player: { name: string }, team: { name: string } }>, assisters: Array<{ rank: number, value: number, player: { name: string }, team: { name: string } }> };

export type TournamentTeamsSquadsGroupsQueryVariables = Exact<{ [key: string]: never; }>;


export type TournamentTeamsSquadsGroupsQuery = { tournament: { name: string, stages: Array<{ order: number, name: string }>, teams: Array<{ group: string | null, team: { name: string }, coaches: Array<{ name: string }>, finish: { position: number | null, stage: StageSlug | null }, squad: Array<{ shirtNumber: number | null, position: Position | null, club: string | null, player: { name: string } }> }>, groups: Array<{ name: string, standings: Array<{ position: number, played: number, won: number, drawn: number, lost: number, goalsFor: number, goalsAgainst: number, points: number, team: { name: string } }> }> } | null };

export type TeamRecordAndRivalsQueryVariables = Exact<{ [key: string]: never; }>;


export type TeamRecordAndRivalsQuery = { team: { name: string, record: { played: number, won: number, drawn: number, lost: number, goalsFor: number, goalsAgainst: number, titles: number, finals: number, bestFinishYears: Array<number>, bestFinish: { position: number | null, stage: StageSlug | null } | null }, tournaments: Array<{ tournament: { year: number }, record: { played: number, won: number, drawn: number, lost: number }, finish: { position: number | null, stage: StageSlug | null } }>, opponents: Array<{ meetings: number, played: number, won: number, drawn: number, lost: number, goalsFor: number, goalsAgainst: number, opponent: { name: string } }> } | null };

export type AnyEntityByIdWithProvenanceQueryVariables = Exact<{ [key: string]: never; }>;


export type AnyEntityByIdWithProvenanceQuery = { node:
    | { __typename: 'Booking', sources: Array<{ id: string, title: string, kind: SourceKind }>, disputes: Array<{ field: string, preferred: string | null, versions: Array<{ value: string, sources: Array<{ id: string }> }> }> }
    | { __typename: 'City', sources: Array<{ id: string, title: string, kind: SourceKind }>, disputes: Array<{ field: string, preferred: string | null, versions: Array<{ value: string, sources: Array<{ id: string }> }> }> }
    | { __typename: 'Claim', sources: Array<{ id: string, title: string, kind: SourceKind }>, disputes: Array<{ field: string, preferred: string | null, versions: Array<{ value: string, sources: Array<{ id: string }> }> }> }
    | { __typename: 'Coach', sources: Array<{ id: string, title: string, kind: SourceKind }>, disputes: Array<{ field: string, preferred: string | null, versions: Array<{ value: string, sources: Array<{ id: string }> }> }> }
    | { __typename: 'Confederation', sources: Array<{ id: string, title: string, kind: SourceKind }>, disputes: Array<{ field: string, preferred: string | null, versions: Array<{ value: string, sources: Array<{ id: string }> }> }> }
    | { __typename: 'Goal', sources: Array<{ id: string, title: string, kind: SourceKind }>, disputes: Array<{ field: string, preferred: string | null, versions: Array<{ value: string, sources: Array<{ id: string }> }> }> }
    | { __typename: 'Match', stage: StageSlug | null, homeTeam: { name: string }, awayTeam: { name: string }, sources: Array<{ id: string, title: string, kind: SourceKind }>, disputes: Array<{ field: string, preferred: string | null, versions: Array<{ value: string, sources: Array<{ id: string }> }> }> }
    | { __typename: 'Player', sources: Array<{ id: string, title: string, kind: SourceKind }>, disputes: Array<{ field: string, preferred: string | null, versions: Array<{ value: string, sources: Array<{ id: string }> }> }> }
    | { __typename: 'PublicFigure', sources: Array<{ id: string, title: string, kind: SourceKind }>, disputes: Array<{ field: string, preferred: string | null, versions: Array<{ value: string, sources: Array<{ id: string }> }> }> }
    | { __typename: 'Quote', sources: Array<{ id: string, title: string, kind: SourceKind }>, disputes: Array<{ field: string, preferred: string | null, versions: Array<{ value: string, sources: Array<{ id: string }> }> }> }
    | { __typename: 'Referee', sources: Array<{ id: string, title: string, kind: SourceKind }>, disputes: Array<{ field: string, preferred: string | null, versions: Array<{ value: string, sources: Array<{ id: string }> }> }> }
    | { __typename: 'ShootoutKick', sources: Array<{ id: string, title: string, kind: SourceKind }>, disputes: Array<{ field: string, preferred: string | null, versions: Array<{ value: string, sources: Array<{ id: string }> }> }> }
    | { __typename: 'Source', sources: Array<{ id: string, title: string, kind: SourceKind }>, disputes: Array<{ field: string, preferred: string | null, versions: Array<{ value: string, sources: Array<{ id: string }> }> }> }
    | { __typename: 'Stage', sources: Array<{ id: string, title: string, kind: SourceKind }>, disputes: Array<{ field: string, preferred: string | null, versions: Array<{ value: string, sources: Array<{ id: string }> }> }> }
    | { __typename: 'Substitution', sources: Array<{ id: string, title: string, kind: SourceKind }>, disputes: Array<{ field: string, preferred: string | null, versions: Array<{ value: string, sources: Array<{ id: string }> }> }> }
    | { __typename: 'Team', sources: Array<{ id: string, title: string, kind: SourceKind }>, disputes: Array<{ field: string, preferred: string | null, versions: Array<{ value: string, sources: Array<{ id: string }> }> }> }
    | { __typename: 'Tournament', sources: Array<{ id: string, title: string, kind: SourceKind }>, disputes: Array<{ field: string, preferred: string | null, versions: Array<{ value: string, sources: Array<{ id: string }> }> }> }
    | { __typename: 'TournamentEntry', sources: Array<{ id: string, title: string, kind: SourceKind }>, disputes: Array<{ field: string, preferred: string | null, versions: Array<{ value: string, sources: Array<{ id: string }> }> }> }
    | { __typename: 'Venue', sources: Array<{ id: string, title: string, kind: SourceKind }>, disputes: Array<{ field: string, preferred: string | null, versions: Array<{ value: string, sources: Array<{ id: string }> }> }> }
   | null, semiFinal: { nodes: Array<{ id: string, bookings: Array<{ card: Card, period: Period | null, minute: number, player: { name: string } }> }> } };

export type TeamRefFragment = { id: string, name: string };

export type PlayerRefFragment = { id: string, name: string };

export type MatchHeadingFragment = { id: string, date: string | null, tournament: { year: number } | null, homeTeam: { id: string, name: string }, awayTeam: { id: string, name: string } };

export type MatchSummaryFragment = { competition: string | null, edition: string | null, stage: StageSlug | null, stageName: string | null, homeScore: number | null, awayScore: number | null, id: string, date: string | null, penalties: { home: number, away: number } | null, winner: { id: string, name: string } | null, tournament: { year: number } | null, homeTeam: { id: string, name: string }, awayTeam: { id: string, name: string } };

export type ExplorerHeadToHeadQueryVariables = Exact<{
  teamA: string;
  teamB: string;
  scope: MatchScope;
}>;


export type ExplorerHeadToHeadQuery = { headToHead: { played: number, winsA: number, winsB: number, draws: number, goalsA: number, goalsB: number, outcomesA: Array<Outcome | null>, teamA: { id: string, name: string }, teamB: { id: string, name: string }, meetings: Array<{ competition: string | null, edition: string | null, stage: StageSlug | null, stageName: string | null, homeScore: number | null, awayScore: number | null, id: string, date: string | null, goals: Array<{ minute: number, addedTime: number | null, penalty: boolean, ownGoal: boolean, scorer: { id: string, name: string }, assistedBy: { id: string, name: string } | null, team: { id: string, name: string } }>, penalties: { home: number, away: number } | null, winner: { id: string, name: string } | null, tournament: { year: number } | null, homeTeam: { id: string, name: string }, awayTeam: { id: string, name: string } }> } };

export type ExplorerAssistNetworkQueryVariables = Exact<{
  filter?: AssistFilter | null | undefined;
  first: number;
}>;


export type ExplorerAssistNetworkQuery = { assists: Array<{ count: number, assister: { id: string, name: string }, scorer: { id: string, name: string }, goals: Array<{ id: string, minute: number, addedTime: number | null, team: { id: string, name: string }, match: { id: string, date: string | null, tournament: { year: number } | null, homeTeam: { id: string, name: string }, awayTeam: { id: string, name: string } }, sources: Array<{ id: string, title: string, url: string | null }> }> }>, assistCoverage: Array<{ tournamentYear: number, goals: number, goalsWithAssistData: number, sources: Array<{ id: string, title: string, url: string | null }> }> };

export type ExplorerLineUpsQueryVariables = Exact<{
  id: string | number;
}>;


export type ExplorerLineUpsQuery = { match: { id: string, appearances: Array<{ started: boolean, shirtNumber: number | null, position: string | null, minutes: number | null, player: { id: string, name: string }, team: { id: string, name: string } }> } | null };

export type ExplorerTeamsQueryVariables = Exact<{
  first: number;
  after?: string | null | undefined;
}>;


export type ExplorerTeamsQuery = { teams: { nodes: Array<{ name: string }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type ExplorerTournamentsQueryVariables = Exact<{
  first: number;
  after?: string | null | undefined;
}>;


export type ExplorerTournamentsQuery = { tournaments: { nodes: Array<{ year: number }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type ExplorerMatchClaimsQueryVariables = Exact<{
  id: string | number;
}>;


export type ExplorerMatchClaimsQuery = { match: { id: string, claims: Array<{ id: string, statement: string, metric: string, value: number | null, values: Array<number> | null, valueLabels: Array<string> | null, sources: Array<{ id: string, title: string, url: string | null }>, check: { value: number | null, values: Array<number | null> | null, verdict: ClaimVerdict, parts: Array<{ label: string | null, stated: number, computed: number | null, verdict: ClaimVerdict }>, coverage: Array<{ facts: string, complete: boolean, covered: Array<{ year: number }>, uncovered: Array<{ year: number }> }>, evidence: Array<
          | { __typename: 'Booking', id: string }
          | { __typename: 'City', id: string }
          | { __typename: 'Claim', id: string }
          | { __typename: 'Coach', name: string, id: string }
          | { __typename: 'Confederation', id: string }
          | { __typename: 'Goal', minute: number, addedTime: number | null, id: string, scorer: { id: string, name: string }, match: { competition: string | null, edition: string | null, stage: StageSlug | null, stageName: string | null, homeScore: number | null, awayScore: number | null, id: string, date: string | null, penalties: { home: number, away: number } | null, winner: { id: string, name: string } | null, tournament: { year: number } | null, homeTeam: { id: string, name: string }, awayTeam: { id: string, name: string } } }
          | { __typename: 'Match', id: string, competition: string | null, edition: string | null, stage: StageSlug | null, stageName: string | null, homeScore: number | null, awayScore: number | null, date: string | null, penalties: { home: number, away: number } | null, winner: { id: string, name: string } | null, tournament: { year: number } | null, homeTeam: { id: string, name: string }, awayTeam: { id: string, name: string } }
          | { __typename: 'Player', name: string, id: string }
          | { __typename: 'PublicFigure', name: string, id: string }
          | { __typename: 'Quote', id: string }
          | { __typename: 'Referee', id: string }
          | { __typename: 'ShootoutKick', id: string }
          | { __typename: 'Source', id: string }
          | { __typename: 'Stage', id: string }
          | { __typename: 'Substitution', id: string }
          | { __typename: 'Team', id: string }
          | { __typename: 'Tournament', name: string, id: string }
          | { __typename: 'TournamentEntry', id: string }
          | { __typename: 'Venue', id: string }
        > } }> } | null };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const PlayerRefFragmentDoc = new TypedDocumentString(`
    fragment PlayerRef on Player {
  id
  name
}
    `, {"fragmentName":"PlayerRef"}) as unknown as TypedDocumentString<PlayerRefFragment, unknown>;
export const TeamRefFragmentDoc = new TypedDocumentString(`
    fragment TeamRef on Team {
  id
  name
}
    `, {"fragmentName":"TeamRef"}) as unknown as TypedDocumentString<TeamRefFragment, unknown>;
export const MatchHeadingFragmentDoc = new TypedDocumentString(`
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
    fragment TeamRef on Team {
  id
  name
}`, {"fragmentName":"MatchHeading"}) as unknown as TypedDocumentString<MatchHeadingFragment, unknown>;
export const MatchSummaryFragmentDoc = new TypedDocumentString(`
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
    fragment TeamRef on Team {
  id
  name
}
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
}`, {"fragmentName":"MatchSummary"}) as unknown as TypedDocumentString<MatchSummaryFragment, unknown>;
export const DataCreditsDocument = new TypedDocumentString(`
    query DataCredits {
  sources {
    id
    title
    kind
    url
    licence
    attribution
  }
}
    `) as unknown as TypedDocumentString<DataCreditsQuery, DataCreditsQueryVariables>;
export const SemiFinalInFullDocument = new TypedDocumentString(`
    query SemiFinalInFull {
  match(id: "wc-2026-men-semi-final-argentina-v-england") {
    date
    stageName
    tournament {
      year
    }
    venue {
      name
      city {
        name
      }
    }
    homeTeam {
      name
    }
    awayTeam {
      name
    }
    homeScore
    awayScore
    extraTime
    penalties {
      home
      away
    }
    winner {
      name
    }
    appearances {
      player {
        name
      }
      team {
        name
      }
      position
      starter
      minuteOn
      minuteOff
    }
    substitutions {
      team {
        name
      }
      minute
      playerOn {
        name
      }
      playerOff {
        name
      }
    }
    goals {
      minute
      addedTime
      period
      scorer {
        name
      }
      assistedBy {
        name
      }
      team {
        name
      }
      penalty
      ownGoal
    }
    coaches {
      coach {
        name
      }
      team {
        name
      }
    }
    quotes {
      speaker {
        name
      }
      text
    }
    sources {
      id
      title
      kind
    }
  }
}
    `) as unknown as TypedDocumentString<SemiFinalInFullQuery, SemiFinalInFullQueryVariables>;
export const WhoAssistedWhom2026Document = new TypedDocumentString(`
    query WhoAssistedWhom2026 {
  assists(filter: {tournamentYears: [2026]}) {
    assister {
      name
    }
    scorer {
      name
    }
    count
    goals {
      minute
      addedTime
      match {
        stage
        homeTeam {
          name
        }
        awayTeam {
          name
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<WhoAssistedWhom2026Query, WhoAssistedWhom2026QueryVariables>;
export const WhoAssistedWhomEveryWorldCupDocument = new TypedDocumentString(`
    query WhoAssistedWhomEveryWorldCup {
  assists(first: 20) {
    assister {
      name
    }
    scorer {
      name
    }
    count
    goals {
      minute
      match {
        date
        homeTeam {
          name
        }
        awayTeam {
          name
        }
      }
      sources {
        id
      }
    }
  }
  assistCoverage {
    tournamentYear
    gender
    goals
    goalsWithAssistData
    sources {
      title
      attribution
    }
  }
}
    `) as unknown as TypedDocumentString<WhoAssistedWhomEveryWorldCupQuery, WhoAssistedWhomEveryWorldCupQueryVariables>;
export const ArgentinaVEnglandHeadToHeadDocument = new TypedDocumentString(`
    query ArgentinaVEnglandHeadToHead {
  headToHead(teamA: "Argentina", teamB: "England") {
    teamA {
      name
    }
    teamB {
      name
    }
    played
    winsA
    winsB
    draws
    goalsA
    goalsB
    meetings {
      date
      stageName
      tournament {
        year
      }
      homeTeam {
        name
      }
      awayTeam {
        name
      }
      homeScore
      awayScore
      penalties {
        home
        away
      }
      winner {
        name
      }
      goals {
        minute
        addedTime
        scorer {
          name
        }
        assistedBy {
          name
        }
        team {
          name
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<ArgentinaVEnglandHeadToHeadQuery, ArgentinaVEnglandHeadToHeadQueryVariables>;
export const PlayerWorldCupCareerDocument = new TypedDocumentString(`
    query PlayerWorldCupCareer {
  player(name: "Lionel Messi") {
    name
    aliases
    worldCupStats {
      tournamentYear
      team {
        name
      }
      appearances
      starts
      minutes
      goals
      assists
      assistCoverage {
        goals
        goalsWithAssistData
      }
    }
    goals {
      minute
      addedTime
      match {
        date
        stageName
        homeTeam {
          name
        }
        awayTeam {
          name
        }
      }
    }
    assists {
      minute
      addedTime
      scorer {
        name
      }
      match {
        date
        stageName
      }
    }
    claims {
      statement
      value
      unit
      checkable
      sources {
        title
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PlayerWorldCupCareerQuery, PlayerWorldCupCareerQueryVariables>;
export const ShortestPathBetweenPlayersDocument = new TypedDocumentString(`
    query ShortestPathBetweenPlayers {
  path(from: "lionel-messi", to: "harry-kane", maxHops: 4) {
    length
    nodes {
      id
      name
      labels
    }
    relationships {
      from
      type
      to
    }
  }
}
    `) as unknown as TypedDocumentString<ShortestPathBetweenPlayersQuery, ShortestPathBetweenPlayersQueryVariables>;
export const DisputedFactWithSourcesDocument = new TypedDocumentString(`
    query DisputedFactWithSources {
  match(id: "wc-2026-men-round-of-16-argentina-v-egypt") {
    date
    homeTeam {
      name
    }
    awayTeam {
      name
    }
    stage
    disputes {
      field
      preferred
      versions {
        value
        preferred
        reason
        sources {
          id
          title
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<DisputedFactWithSourcesQuery, DisputedFactWithSourcesQueryVariables>;
export const SourcesAndLicencesDocument = new TypedDocumentString(`
    query SourcesAndLicences {
  sources {
    id
    title
    kind
    publisher
    url
    licence
    attribution
  }
}
    `) as unknown as TypedDocumentString<SourcesAndLicencesQuery, SourcesAndLicencesQueryVariables>;
export const TopScorersDocument = new TypedDocumentString(`
    query TopScorers {
  scorers: leaders(metric: GOALS, filter: {tournamentYears: [2026]}, first: 10) {
    rank
    player {
      name
    }
    team {
      name
    }
    value
  }
  assisters: leaders(metric: ASSISTS, filter: {gender: MEN}, first: 5) {
    rank
    player {
      name
    }
    team {
      name
    }
    value
  }
}
    `) as unknown as TypedDocumentString<TopScorersQuery, TopScorersQueryVariables>;
export const TournamentTeamsSquadsGroupsDocument = new TypedDocumentString(`
    query TournamentTeamsSquadsGroups {
  tournament(year: 2026) {
    name
    stages {
      order
      name
    }
    teams {
      team {
        name
      }
      group
      coaches {
        name
      }
      finish {
        position
        stage
      }
      squad {
        shirtNumber
        position
        club
        player {
          name
        }
      }
    }
    groups {
      name
      standings {
        position
        team {
          name
        }
        played
        won
        drawn
        lost
        goalsFor
        goalsAgainst
        points
      }
    }
  }
}
    `) as unknown as TypedDocumentString<TournamentTeamsSquadsGroupsQuery, TournamentTeamsSquadsGroupsQueryVariables>;
export const TeamRecordAndRivalsDocument = new TypedDocumentString(`
    query TeamRecordAndRivals {
  team(name: "Argentina") {
    name
    record {
      played
      won
      drawn
      lost
      goalsFor
      goalsAgainst
      titles
      finals
      bestFinish {
        position
        stage
      }
      bestFinishYears
    }
    tournaments {
      tournament {
        year
      }
      record {
        played
        won
        drawn
        lost
      }
      finish {
        position
        stage
      }
    }
    opponents(sort: PLAYED) {
      opponent {
        name
      }
      meetings
      played
      won
      drawn
      lost
      goalsFor
      goalsAgainst
    }
  }
}
    `) as unknown as TypedDocumentString<TeamRecordAndRivalsQuery, TeamRecordAndRivalsQueryVariables>;
export const AnyEntityByIdWithProvenanceDocument = new TypedDocumentString(`
    query AnyEntityByIdWithProvenance {
  node(id: "wc-2026-men-round-of-16-argentina-v-egypt") {
    __typename
    ... on Match {
      stage
      homeTeam {
        name
      }
      awayTeam {
        name
      }
    }
    ... on Entity {
      sources {
        id
        title
        kind
      }
      disputes {
        field
        preferred
        versions {
          value
          sources {
            id
          }
        }
      }
    }
  }
  semiFinal: matches(
    filter: {tournamentYears: [2026], stage: SEMI_FINAL}
    first: 5
  ) {
    nodes {
      id
      bookings {
        card
        period
        minute
        player {
          name
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<AnyEntityByIdWithProvenanceQuery, AnyEntityByIdWithProvenanceQueryVariables>;
export const ExplorerHeadToHeadDocument = new TypedDocumentString(`
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
    fragment TeamRef on Team {
  id
  name
}
fragment PlayerRef on Player {
  id
  name
}
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
}`) as unknown as TypedDocumentString<ExplorerHeadToHeadQuery, ExplorerHeadToHeadQueryVariables>;
export const ExplorerAssistNetworkDocument = new TypedDocumentString(`
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
    fragment TeamRef on Team {
  id
  name
}
fragment PlayerRef on Player {
  id
  name
}
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
}`) as unknown as TypedDocumentString<ExplorerAssistNetworkQuery, ExplorerAssistNetworkQueryVariables>;
export const ExplorerLineUpsDocument = new TypedDocumentString(`
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
    fragment TeamRef on Team {
  id
  name
}
fragment PlayerRef on Player {
  id
  name
}`) as unknown as TypedDocumentString<ExplorerLineUpsQuery, ExplorerLineUpsQueryVariables>;
export const ExplorerTeamsDocument = new TypedDocumentString(`
    query ExplorerTeams($first: Int!, $after: String) {
  teams(filter: {gender: MEN}, first: $first, after: $after) {
    nodes {
      name
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<ExplorerTeamsQuery, ExplorerTeamsQueryVariables>;
export const ExplorerTournamentsDocument = new TypedDocumentString(`
    query ExplorerTournaments($first: Int!, $after: String) {
  tournaments(filter: {gender: MEN}, first: $first, after: $after) {
    nodes {
      year
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<ExplorerTournamentsQuery, ExplorerTournamentsQueryVariables>;
export const ExplorerMatchClaimsDocument = new TypedDocumentString(`
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
    fragment TeamRef on Team {
  id
  name
}
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
}`) as unknown as TypedDocumentString<ExplorerMatchClaimsQuery, ExplorerMatchClaimsQueryVariables>;