import type { Gender, StageSlug } from './identity';
import { ENTITIES, LINKS, type EntityKind, type LinkKind, type ModelRecord, type RelationshipIds, type ValueType } from './model';
import type { Award, Card, Period, PersonRole, Position, SourceKind } from './vocabulary';

/**
 * Which of a record's sources state its values. A data set's adapter speaks for its own source
 * only; the seeds speak for the reports they transcribe, not for the data sets they also cite.
 */
export type StatementSources = (recordSources: readonly string[]) => string[];

/**
 * The one shape every importer produces and `writeBundle` writes: ids already resolved, values
 * already validated. Seeds, Fjelstul and openfootball differ only in how they build one of these.
 * `sources` always lists ids of `SourceRecord`s in the same bundle or already in the graph.
 */
export type FactBundle = {
  [K in EntityKind | LinkKind]: Array<(K extends keyof RecordsByKind ? RecordsByKind[K] : Sourced & ModelRecord<K>) & RelationshipIds<K>>;
};

/**
 * The records typed by hand: those of links, and of kinds whose records carry more than their
 * declaration says (a team's gender, a match's replay) or say it more narrowly (a stage's slug).
 * Any other kind model.ts declares has records typed from its declaration (`ModelRecord`), and
 * every entity record gets its relationships' id properties from there.
 */
interface RecordsByKind extends Record<LinkKind, unknown> {
  sources: SourceRecord;
  tournaments: TournamentRecord;
  stages: StageRecord;
  cities: CityRecord;
  venues: VenueRecord;
  teams: TeamRecord;
  people: PersonRecord;
  squads: SquadRecord;
  matches: MatchRecord;
  appearances: AppearanceRecord;
  substitutions: SubstitutionRecord;
  goals: GoalRecord;
  bookings: BookingRecord;
  awards: AwardRecord;
  coachings: CoachingRecord;
  quotes: QuoteRecord;
  claims: ClaimRecord;
  assertions: AssertionRecord;
}

interface Stated {
  /**
   * `field@sourceId` for each declared field a source states; set by the reconciler, kept on the
   * node as a sorted union, so that a later source is compared with exactly the sources that stated
   * a value, whatever the load order.
   */
  statedBy?: string[];
  /**
   * Relationship records only: the rank (dispute-ranking.ts) of the best source stating the
   * record's properties, null when its sources are only cited; set by the reconciler.
   */
  rank?: number | null;
  /**
   * Properties the reconciler settled as absent (a preferred minute without added time): the
   * writer removes them rather than leave another source's value beside the preferred one.
   */
  cleared?: string[];
  /**
   * Entity records only: the declared fields its sources state, when not all of those it carries
   * (an editor asserting one fact of an entity). The others keep the graph's values.
   */
  states?: string[];
}

interface Sourced extends Stated {
  sources: string[];
  /**
   * Versions of a declared field that some of the record's sources state differently from the
   * record: field, then source id, then the value as the reconciler compares it ("quarter-final",
   * "55", "true"). The record's own value is stated by its other sources. Seeds only: a data set's
   * adapter states one value per record.
   */
  bySource?: Record<string, Record<string, string>>;
  /**
   * Per relationship property (`assistId`), the record's sources whose target lost to another
   * source's: set by the reconciler, so that the edge to the preferred target does not cite them.
   */
  disagreeing?: Record<string, string[]>;
}

export interface SourceRecord extends Stated {
  id: string;
  title: string;
  kind: SourceKind;
  publisher?: string | null;
  url?: string | null;
  licence?: string | null;
  attribution?: string | null;
  /** Among reports, lower wins a tie between versions (dispute-ranking.ts). */
  precedence?: number | null;
  /**
   * The source records the assister of every goal it has wherever there was one, so its goal
   * without an assister means "no assist", not "unknown" (assist coverage).
   */
  recordsAssists?: boolean | null;
}

export interface TournamentRecord extends Sourced {
  id: string;
  year: number;
  gender: Gender;
  name: string;
  hosts: string[];
  startDate?: string | null;
  endDate?: string | null;
  winnerTeamId?: string | null;
  /** Other names of the tournament; the names sources gave that lost to the preferred one. */
  aliases?: string[];
}

export interface StageRecord extends Sourced {
  id: string;
  tournamentId: string;
  slug: StageSlug;
  name: string;
  order: number;
}

export interface CityRecord extends Sourced {
  id: string;
  name: string;
  country: string;
  aliases: string[];
}

export interface VenueRecord extends Sourced {
  id: string;
  name: string;
  cityId?: string | null;
  capacity?: number | null;
  aliases: string[];
}

export interface TeamRecord extends Sourced {
  id: string;
  name: string;
  gender: Gender;
  code?: string | null;
  confederation?: string | null;
  aliases: string[];
  /** The team that took over this team's record (West Germany: Germany), as FIFA counts it. */
  successorId?: string | null;
  /** The period a predecessor played under its name. */
  activeFrom?: string | null;
  activeUntil?: string | null;
}

export interface PersonRecord extends Sourced {
  id: string;
  name: string;
  roles: PersonRole[];
  birthDate?: string | null;
  nationality?: string | null;
  aliases: string[];
  /**
   * Keys of the rows this person comes from in keyed data sets (`fjelstul-worldcup:P-14758`), a
   * union like aliases: re-imports find the person by them instead of deciding again.
   */
  sourceKeys?: string[];
}

export interface SquadRecord extends Sourced {
  playerId: string;
  teamId: string;
  tournamentId: string;
  shirtNumber?: number | null;
  position?: Position | null;
  club?: string | null;
}

export interface MatchRecord extends Sourced {
  id: string;
  /** World Cup matches only: their tournament and stage. */
  tournamentId?: string | null;
  stageId?: string | null;
  stage?: StageSlug | null;
  /** "FIFA World Cup", "Copa América", "Friendly", ... */
  competition?: string | null;
  /** The competition's edition, "Copa América 2021"; none for friendlies and qualifiers. */
  edition?: string | null;
  /** The location as reports name it ("New Jersey"); the venue's city is reached through AT_VENUE. */
  city?: string | null;
  group?: string | null;
  date?: string | null;
  kickoff?: string | null;
  venueId?: string | null;
  refereeId?: string | null;
  homeTeamId: string;
  awayTeamId: string;
  homeScore?: number | null;
  awayScore?: number | null;
  homeScore90?: number | null;
  awayScore90?: number | null;
  extraTime?: boolean | null;
  homePenalties?: number | null;
  awayPenalties?: number | null;
  winnerTeamId?: string | null;
  /** Substitutions the source lists for the match (data sets only). */
  substitutionCount?: number | null;
  replay?: boolean;
}

export interface AppearanceRecord extends Sourced {
  matchId: string;
  playerId: string;
  teamId: string;
  starter: boolean;
  /** Minutes on and off in the clock the source keeps (see `pitchTime` in src/ingest/match-clock.ts). */
  minuteOn?: number | null;
  minuteOff?: number | null;
  /** Minutes played, by `pitchTime`: extra time, substitutions and sendings-off counted. */
  minutes?: number | null;
  shirtNumber?: number | null;
  position?: string | null;
}

export interface SubstitutionRecord extends Sourced {
  id: string;
  matchId: string;
  teamId: string;
  playerOnId: string;
  playerOffId?: string | null;
  minute: number;
  addedTime?: number | null;
  period?: Period | null;
}

export interface GoalRecord extends Sourced {
  id: string;
  matchId: string;
  teamId: string;
  scorerId: string;
  assistId?: string | null;
  sequence: number;
  minute: number;
  addedTime?: number | null;
  period?: Period | null;
  penalty: boolean;
  ownGoal: boolean;
  method?: string | null;
}

export interface BookingRecord extends Sourced {
  id: string;
  matchId: string;
  teamId: string;
  playerId: string;
  sequence: number;
  minute: number;
  addedTime?: number | null;
  period?: Period | null;
  card: Card;
}

/** A tournament award won by a player; `shared` when the award went to several players. */
export interface AwardRecord extends Sourced {
  playerId: string;
  tournamentId: string;
  award: Award;
  teamId?: string | null;
  shared: boolean;
}

export interface CoachingRecord extends Sourced {
  coachId: string;
  teamId: string;
  matchId?: string | null;
}

export interface QuoteRecord extends Sourced {
  id: string;
  speakerId: string;
  matchId?: string | null;
  text: string;
}

export interface ClaimRecord extends Sourced {
  id: string;
  statement: string;
  metric: string;
  value?: number | null;
  unit?: string | null;
  values?: number[];
  valueLabels?: string[];
  scope?: string | null;
  about: Array<{ id: string; role: string }>;
}

export interface AssertionRecord extends Sourced {
  id: string;
  subjectId: string;
  field: string;
  value: string;
  valueType: ValueType;
  preferred: boolean;
  reason?: string | null;
}

export function emptyBundle(): FactBundle {
  return Object.fromEntries([...ENTITIES, ...LINKS].map(({ kind }) => [kind, []])) as unknown as FactBundle;
}

/** The kinds whose records belong to one match: they name it by `matchId`, as model.ts declares. */
const MATCH_PARTS: ReadonlyArray<keyof FactBundle> = [
  ...ENTITIES.filter((entity) => entity.relationships.some((r) => r.property === 'matchId' && r.target === 'Match')),
  ...LINKS.filter((link) => link.references.includes('matchId')),
].map(({ kind }) => kind);

/**
 * A bundle of more than `limits.whole` records cut into bundles of about `limits.part` records
 * each, for writing one after the other: first everything but the matches (people, teams,
 * tournaments, ...), then the matches in order, each with the records of its own (goals,
 * line-ups, ...), so every part names only what an earlier part or itself holds.
 */
export function bundleParts(bundle: FactBundle, limits: { whole: number; part: number }): FactBundle[] {
  const rows = (b: FactBundle) => Object.values(b).reduce((sum, records) => sum + records.length, 0);
  if (rows(bundle) <= limits.whole) return [bundle];
  const maxRows = limits.part;
  const byMatch = new Map<string, FactBundle>();
  const partOf = (matchId: string) => {
    let part = byMatch.get(matchId);
    if (!part) byMatch.set(matchId, (part = emptyBundle()));
    return part;
  };
  const head: FactBundle = { ...bundle, matches: [] };
  for (const match of bundle.matches) partOf(match.id).matches.push(match);
  for (const kind of MATCH_PARTS) {
    head[kind] = [];
    for (const record of bundle[kind] as Array<{ matchId?: string | null }>) {
      if (record.matchId && byMatch.has(record.matchId)) (partOf(record.matchId)[kind] as unknown[]).push(record);
      else (head[kind] as unknown[]).push(record);
    }
  }
  const parts = [head];
  let current = emptyBundle();
  for (const part of byMatch.values()) {
    if (rows(current) > 0 && rows(current) + rows(part) > maxRows) {
      parts.push(current);
      current = emptyBundle();
    }
    for (const [kind, records] of Object.entries(part) as Array<[keyof FactBundle, unknown[]]>) (current[kind] as unknown[]).push(...records);
  }
  if (rows(current) > 0) parts.push(current);
  return parts;
}
