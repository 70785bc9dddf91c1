import type { Gender } from '../../model/identity';
import type { ModelRow } from '../../model/model';

/**
 * The plain objects the loaders return: a node's properties plus the ids of the nodes it points at,
 * so that a field like `Match.homeTeam` is one batched look-up by id away. The schema's object types
 * implement these shapes; nothing here knows about GraphQL.
 */

export interface SourceRow {
  id: string;
  title: string;
  kind: string;
  publisher?: string | null;
  url?: string | null;
  licence?: string | null;
  attribution?: string | null;
}

/** Named entities carry every spelling seen. */
interface NamedRow {
  id: string;
  name: string;
  aliases: string[];
}

/** `labels` lets an interface field (a quote's speaker, a claim's subject) pick its object type. */
export interface PersonRow extends NamedRow {
  labels: string[];
  birthDate?: string | null;
  nationality?: string | null;
}

export interface TeamRow extends NamedRow {
  gender: Gender;
  code?: string | null;
  confederation?: string | null;
  /** A predecessor's period under its name, and the team that took over its record. */
  activeFrom?: string | null;
  activeUntil?: string | null;
  successorId?: string | null;
}

export interface TournamentRow {
  id: string;
  year: number;
  gender: Gender;
  name: string;
  hosts: string[];
  startDate?: string | null;
  endDate?: string | null;
  winnerTeamId?: string | null;
}

/** A team at one tournament (model.ts, ENTRY). */
export interface EntryRow {
  id: string;
  teamId: string;
  tournamentId: string;
}

/** An `IN_SQUAD` relationship: a player's place in an entry's squad. */
export interface SquadMemberRow {
  playerId: string;
  shirtNumber?: number | null;
  position?: string | null;
  club?: string | null;
  sourceIds: string[];
}

export interface StageRow {
  id: string;
  slug: string;
  name: string;
  order: number;
}

/** One match of a team, from its side; match-results.ts counts these. */
export interface TeamResultRow {
  matchId: string;
  teamId: string;
  tournamentId: string;
  tournamentYear: number;
  stage: string;
  group?: string | null;
  opponentId: string;
  goalsFor?: number | null;
  goalsAgainst?: number | null;
  shootout: boolean;
  /** The match's winner, shoot-out included; decides a final's or third-place match's places. */
  winnerTeamId?: string | null;
  /** The team won the tournament (`WON_BY`). */
  champion: boolean;
}

/** A team's match in any competition, from its side; one of another competition than the World Cup has no tournament or stage. */
export type ScopedResultRow = Omit<TeamResultRow, 'tournamentId' | 'tournamentYear' | 'stage'> & {
  tournamentId: string | null;
  tournamentYear: number | null;
  stage: string | null;
};

export interface CityRow extends NamedRow {
  country: string;
}

export interface VenueRow extends NamedRow {
  capacity?: number | null;
  cityId?: string | null;
}

export interface MatchRow {
  id: string;
  date?: string | null;
  kickoff?: string | null;
  stage?: string | null;
  stageName?: string | null;
  competition?: string | null;
  edition?: string | null;
  group?: string | null;
  homeScore?: number | null;
  awayScore?: number | null;
  homeScore90?: number | null;
  awayScore90?: number | null;
  extraTime?: boolean | null;
  homePenalties?: number | null;
  awayPenalties?: number | null;
  winnerTeamId?: string | null;
  replay?: boolean | null;
  tournamentId?: string | null;
  homeTeamId: string;
  awayTeamId: string;
  venueId?: string | null;
  refereeId?: string | null;
}

export interface GoalRow {
  id: string;
  sequence: number;
  minute: number;
  addedTime?: number | null;
  period?: string | null;
  penalty: boolean;
  ownGoal: boolean;
  method?: string | null;
  matchId: string;
  teamId: string;
  scorerId: string;
  assistId?: string | null;
  /** Lets `Player.goals(tournamentYear)` filter one cached list instead of keying loaders by year. */
  tournamentYear: number;
}

/** A `PLAYED_IN` relationship; its provenance is the `sources` list property. */
export interface AppearanceRow {
  matchId: string;
  playerId: string;
  teamId: string;
  starter: boolean;
  /** The same as `starter`, under the name the API gives it. */
  started: boolean;
  minuteOn?: number | null;
  minuteOff?: number | null;
  minutes?: number | null;
  shirtNumber?: number | null;
  position?: string | null;
  sourceIds: string[];
}

export interface SubstitutionRow {
  id: string;
  minute: number;
  addedTime?: number | null;
  period?: string | null;
  matchId: string;
  teamId: string;
  playerOnId: string;
  playerOffId?: string | null;
}

export interface BookingRow {
  id: string;
  sequence: number;
  minute: number;
  addedTime?: number | null;
  period?: string | null;
  card: string;
  matchId: string;
  teamId: string;
  playerId: string;
  /** Lets `Player.bookings(tournamentYear)` filter one cached list, as for goals. */
  tournamentYear: number;
}

/** A `WON_AWARD` relationship; its provenance is the `sources` list property. */
export interface AwardWinRow {
  award: string;
  shared: boolean;
  playerId: string;
  tournamentId: string;
  teamId?: string | null;
  sourceIds: string[];
}

/** A `MANAGED` relationship: who coached which side in a match. */
export interface MatchCoachRow {
  coachId: string;
  teamId: string;
  matchId: string;
  sourceIds: string[];
}

export interface QuoteRow {
  id: string;
  text: string;
  speakerId: string;
  matchId?: string | null;
}

export interface ClaimRow {
  id: string;
  statement: string;
  metric: string;
  value?: number | null;
  unit?: string | null;
  values?: number[] | null;
  valueLabels?: string[] | null;
  scope?: string | null;
  about: Array<{ id: string; role: string }>;
}

/** One source's version of a disputed field, with the sources asserting it. */
export interface AssertionRow {
  id: string;
  field: string;
  value: string;
  valueType: string;
  preferred: boolean;
  reason?: string | null;
  sources: SourceRow[];
}

export interface WorldCupStatsRow {
  tournamentId: string;
  tournamentYear: number;
  gender: Gender;
  teamId?: string | null;
  appearances: number;
  starts: number;
  minutes: number;
  goals: number;
  /** Assists credited; read with the tournament's assist coverage (no data is not 0). */
  assists: number;
}

/** One player who set up another's goals, with the goals. */
export interface AssistPartnerRow {
  playerId: string;
  goalIds: string[];
  count: number;
}

/** Any node, for fields whose type is an interface (`Entity`): `labels` picks the object type. */
export type EntityRow = { id: string; labels: string[] } & Record<string, unknown>;

/** A name look-up's candidate; `exact` when the name is one of its normalised aliases. */
export interface NameCandidateRow<T> {
  exact: boolean;
  node: T;
}

/** Keyset position: the sort value and id of a row, as the page query compared them. */
export type PagePosition = [sortValue: string, id: string];

/** One page of a list, already cut: `nodes` holds up to `first + 1` rows, the extra one meaning "there is more". */
export interface PageRow<T> {
  totalCount: number;
  nodes: T[];
  /** `positions[i]` is where `nodes[i]` stands in the list's order. */
  positions: PagePosition[];
}

/**
 * The rows typed by hand, by label, where a row says more than its declaration (a team's gender, a
 * match's non-null teams). Any other label model.ts declares a row for is typed from it (`ModelRow`).
 */
interface RowsByLabel {
  Source: SourceRow;
  Person: PersonRow;
  Player: PersonRow;
  Coach: PersonRow;
  City: CityRow;
  Venue: VenueRow;
  Team: TeamRow;
  Tournament: TournamentRow;
  Stage: StageRow;
  Match: MatchRow;
  Substitution: SubstitutionRow;
  Goal: GoalRow;
  Booking: BookingRow;
  Quote: QuoteRow;
  Claim: ClaimRow;
}

/** The row loaders read for a node of `label`. */
export type RowOf<L extends string> = L extends keyof RowsByLabel ? RowsByLabel[L] : ModelRow<L>;
