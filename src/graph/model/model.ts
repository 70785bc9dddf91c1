import { slugify } from './identity';

/**
 * The graph model, declared once: which records of a bundle become which nodes, how each field is
 * reconciled when sources state it differently, and which relationships hold one target only.
 * The id registries of the writer (`definedIds`, `referencedIds`), its MERGE statement per entity
 * kind, the reconciler's field rules and the replacement of single-valued relationships are all
 * derived from these declarations.
 * The read side too: the rows loaders read (projections.ts), the label registries (the GraphQL
 * types by label, the entity projection's CASE), the id constraints (constraints.ts) and the
 * generated tables of schema/model.md (model-artefacts.ts, `npm run model:emit`).
 */

/**
 * How versions of a field from different sources are settled:
 * - `dispute`: compared; the preferred version (see dispute-ranking.ts) goes on the node and, when
 *   versions differ, every version is kept as an Assertion with its sources;
 * - `first`: the version of the best-ranked source by the fixed source order, no Assertions
 *   (display spellings, whose other forms are kept as aliases);
 * - `union`: every source's values, as one sorted list.
 * Fields not declared (ids, the ends a relationship record names) are never reconciled.
 */
export type FieldPolicy = 'dispute' | 'first' | 'union';

/** The types of declared values, as an Assertion names them. */
export type ValueType = 'int' | 'string' | 'date' | 'bool';

export interface FieldDeclaration {
  type: ValueType;
  policy: FieldPolicy;
  /**
   * The id is built from this field (a match's stage): versions are compared and kept, but the
   * record's own value stays preferred, since another value would be another entity.
   */
  identity?: boolean;
}

/**
 * A field whose value is several record properties, compared as one string (a goal's minute is
 * `minute` plus `addedTime`: 90+2).
 */
export interface CompositeField extends FieldDeclaration {
  encode(record: Record<string, unknown>): string | null;
  decode(value: string): Record<string, unknown>;
}

/**
 * A relationship a record declares through an id property. The node keeps its target's id in a
 * property of that name too (a goal's `scorerId`), derived from the edge by the writer whenever it
 * writes the node (`targetIdCypher`) and checked at start-up (target-ids.ts). The edge stays the fact
 * that queries join on; the property is for reading rows: a node's relationships are one chain
 * that a pattern walks whole, so reading a match's five neighbour ids walked its line-up's worth of
 * edges (49 db hits a match, 32 a goal) where a property costs one.
 */
export interface RelationshipDeclaration {
  type: string;
  /** The record property holding the target's id. */
  property: string;
  /** The target node's label, used to match it. */
  target: string;
  /** `in`: the target points at the record's node (a player SCORED a goal). */
  direction: 'out' | 'in';
  /** `single`: one target per node; a new preferred target replaces the old edge. */
  cardinality: 'single' | 'multi';
  /** Reconciled like a field of this name (Assertions name it, `scorer`); absent: not reconciled. */
  field?: string;
  /** The reconciler reads the graph's target although it is not disputed (a match's orientation). */
  readBack?: boolean;
  policy?: Exclude<FieldPolicy, 'union'>;
  /** The edge keeps the `sources` list of the records stating it (a goal's SCORED, a match's AT_VENUE). */
  sourced?: boolean;
  /** Records may leave the target out (a goal without an assist); the others always name one. */
  optional?: boolean;
  /**
   * The field of the record's object type reading the target, where it is named neither `field`
   * nor after `property` without its `Id` (a goal's `assistedBy`).
   */
  readAs?: string;
  /**
   * The field of the target's object type listing the nodes that point at it (a referee's
   * `matches`): a loader named after both (`refereeMatches`, node.loaders.ts) reads them, and the
   * look-ahead reads them ahead (selection-read-ahead.ts).
   */
  inverse?: string;
  /** What the API says of the field reading the target, where the model's API gives it (`EntityApi`). */
  readAsDescription?: string;
  /** What the API says of the `inverse` field. */
  inverseDescription?: string;
  /** What schema/model.md says of the relationship beside its pattern and properties. */
  note?: string;
}

/**
 * The API of a kind declared whole here (src/schema/model.resolver.ts): its object type, with a
 * field per key of `fields` read from its row; a root look-up by id named after the label
 * (`referee(id:)`); for a `listed` kind, a root list of them all (`confederations`); a field per
 * relationship, named as the look-ahead names it (`readAs`, `field`, or the id property without
 * `Id`); and each relationship's `inverse` on its target's type. A relationship of a kind with a
 * type written by hand reaches such a kind by a generated field where it declares `readAs`.
 */
export interface EntityApi {
  description: string;
  /** Its fields, each a column of the row, with what the API and schema/model.md say of it. */
  fields: Readonly<Record<string, string>>;
  /** Fields never null (a `union` field, a list, never is). */
  required?: readonly string[];
}

export interface EntityDeclaration {
  /** The bundle collection holding the records. */
  kind: EntityKind;
  label: string;
  /** How the id is built (identity.ts does it, or `sluggedId`, `numberedId`); documentation for schema/model.md. */
  idRule: string;
  /** The id is a slug of `of` (a name, a code; `slugged`): the adapters build it with `sluggedId`. */
  sluggedId?: { of: string; prefix?: string };
  /** The id counts the kind's records within their match (`numbered`): the adapters build it with `numberedId`. */
  numberedId?: { name: string };
  /** Ids as identity.ts builds them, for schema/model.md. */
  idExamples?: readonly string[];
  fields: Record<string, FieldDeclaration | CompositeField>;
  relationships: readonly RelationshipDeclaration[];
  /** Labels a node of this kind may carry beside its own, most specific first (a person's roles). */
  roles?: readonly string[];
  /** Properties a record sets that no source disputes: they follow from the id (a team's gender) or the record's kind. */
  stored?: readonly string[];
  /**
   * The row loaders read from the node (projections.ts), column by column in this order: its
   * properties (a `union` field read as `[]` where absent), `labels`, and columns projections.ts
   * computes (a match's `stageName`). Without it, no loader reads the kind as a row.
   */
  row?: readonly string[];
  /** The API lists every node of the kind, a handful (`every{Label}`, node.loaders.ts). */
  listed?: boolean;
  /** Row columns read as `false` where the node has no such property. */
  falseWhenAbsent?: readonly string[];
  /** What schema/model.md says of a property beside its name (an `api` field says it there). */
  notes?: Readonly<Record<string, string>>;
  /** The kind's API follows from this declaration: no type or resolver is written for it. */
  api?: EntityApi;
}

/** A node a link record names by id: its label and the record property holding the id. */
export interface LinkNode {
  label: string;
  property: string;
}

/**
 * The entry (ENTRY) of the team a link record names at a tournament: the one the record names, or
 * the tournament of the match it names (none for a match outside the tournaments).
 */
export interface LinkEntry {
  entry: { team: string; tournament: string } | { team: string; tournamentOfMatch: string };
}

export type LinkTarget = LinkNode | LinkEntry;

/**
 * Records without an id of their own: they are relationships between entities. The writer derives
 * each one's statement from this declaration (bundle-writer.ts, `linkStep`): the edge `type` from
 * `from` to `to`, its `fields` settled by rank, and the `also` edges the same record states.
 */
export interface LinkDeclaration {
  kind: LinkKind;
  type: string;
  /** The record properties naming the ends, and other entities the record points at. */
  references: string[];
  /**
   * Properties of the relationship. Each takes the value of the best-ranked source stating it
   * (`first`); a worse-ranked source only fills what no better one stated.
   */
  fields: string[];
  from: LinkNode;
  to: LinkTarget;
  /** Record properties kept on the edge that tell apart edges between the same ends (an award's name). */
  distinct?: string[];
  /**
   * Further edges from `from` the record states, each citing its sources. When one reaches the
   * entry of a match's tournament, the others are written only for a match in a tournament too.
   */
  also?: Array<{ type: string; to: LinkTarget }>;
  /**
   * The record property kept on the edge where `to`, a match, is outside the tournaments: with no
   * entry to say it, the appearance keeps the side played for.
   */
  sideOutsideTournaments?: string;
  /** What schema/model.md says of the relationship beside its pattern and properties. */
  note?: string;
}

// Literal types, so that the records and rows of a kind can be typed from its declaration (`ModelRecord`, `ModelRow`).
const dispute = <T extends ValueType>(type: T) => ({ type, policy: 'dispute' as const });
const first = <T extends ValueType>(type: T) => ({ type, policy: 'first' as const });
const union = { type: 'string', policy: 'union' } as const;

/** Regulation minute and stoppage time as one comparable value, "90+2". */
export const minuteField: CompositeField = {
  type: 'string',
  policy: 'dispute',
  encode: (record) =>
    record.minute === null || record.minute === undefined
      ? null
      : `${String(record.minute)}${record.addedTime ? `+${String(record.addedTime)}` : ''}`,
  decode(value) {
    const [minute, added] = value.split('+');
    return { minute: Number(minute), addedTime: added === undefined ? null : Number(added) };
  },
};

const single = <P extends string, T extends string>(
  type: string, property: P, target: T, direction: 'out' | 'in' = 'out', field?: string,
) => ({ type, property, target, direction, cardinality: 'single' as const, ...(field ? { field, policy: 'dispute' as const } : {}) });
const sourced = <R extends RelationshipDeclaration>(relationship: R) => ({ ...relationship, sourced: true as const });
const optional = <R extends RelationshipDeclaration>(relationship: R) => ({ ...relationship, optional: true as const });

/** Cypher: the id of the target of `n` along `relationship`, read from the edge (static text from the declaration). */
export const targetIdCypher = (n: string, relationship: RelationshipDeclaration) =>
  `head([${relationship.direction === 'out' ? `(${n})-[:${relationship.type}]->(nb)` : `(nb)-[:${relationship.type}]->(${n})`} | nb.id])`;

/** A property naming a node by id, without its `Id`: the field reading that node (`scorerId`, `scorer`). */
export const withoutId = (property: string) => property.replace(/Id$/, '');

/** The API's name of the field reading a relationship's target: `readAs`, `field`, or the id property without `Id`. */
export const relationshipFieldName = (relationship: RelationshipDeclaration) =>
  relationship.readAs ?? relationship.field ?? withoutId(relationship.property);

/** The relationships whose targets the reconciler compares: the disputed ones and those read back. */
export function comparedRelationships(entity: EntityDeclaration): RelationshipDeclaration[] {
  return entity.relationships.filter((r) => r.field !== undefined || r.readBack);
}

const named = { name: first('string'), aliases: union, nameKeys: union };

/**
 * An id that is the slug of `of` (what the rule calls the value: the full name), after `{prefix}-` where given (where the slug
 * could be another label's id: ids are unique across labels); with its rule for schema/model.md.
 */
const slugged = (of: string, prefix?: string) => ({
  idRule: `\`${prefix ? `${prefix}-` : ''}{slug of the ${of}}\``, sluggedId: prefix ? { of, prefix } : { of },
});

/**
 * An id counting the kind's records within their match from 1, in the order `n` says:
 * `{matchId}-{name}-{n}`; with its rule for schema/model.md. Lists of such a kind come grouped by
 * match, each in the order of its `sequence` (node.loaders.ts), which holds that n.
 */
const numbered = (name: string, n: string) => ({ idRule: `\`{matchId}-${name}-{n}\`, n = ${n}`, numberedId: { name } });

/** Where the row of a named entity carries its spellings. */
const NAMED_NOTE = 'every spelling seen; see below';

/** An entity declaration before its kind is one of the declared kinds, which are read from these. */
type DeclaredEntity = Omit<EntityDeclaration, 'kind'> & { kind: string };

const DECLARED_ENTITIES = [
  {
    kind: 'sources', label: 'Source', idRule: 'file name or data-set name',
    idExamples: ['000_10f36a323a73b675.txt', 'fjelstul-worldcup', 'openfootball-worldcup'],
    fields: {
      title: first('string'), kind: first('string'), publisher: first('string'), url: first('string'), licence: first('string'),
      attribution: first('string'), precedence: first('int'), recordsAssists: first('bool'),
    },
    relationships: [],
    row: ['id', 'title', 'kind', 'publisher', 'url', 'licence', 'attribution', 'labels'],
    notes: {
      kind: '`report`, `dataset`', precedence: 'reports: lower wins a tie between versions',
      recordsAssists: 'the data set credits assists',
    },
  },
  {
    kind: 'cities', label: 'City', idRule: '`{city-slug}-{country-slug}`', idExamples: ['atlanta-united-states'],
    fields: { ...named, country: first('string') },
    relationships: [],
    row: ['id', 'name', 'country', 'aliases', 'labels'],
    notes: { aliases: NAMED_NOTE },
  },
  {
    kind: 'venues', label: 'Venue', idRule: 'slug of the name', idExamples: ['mercedes-benz-stadium'],
    fields: { ...named, capacity: dispute('int') },
    relationships: [optional(sourced(single('IN_CITY', 'cityId', 'City')))],
    row: ['id', 'name', 'capacity', 'aliases', 'labels', 'cityId'],
    notes: { aliases: NAMED_NOTE },
  },
  {
    kind: 'confederations', label: 'Confederation', ...slugged('code'), idExamples: ['uefa', 'conmebol'],
    fields: { name: first('string'), code: first('string') },
    relationships: [],
    listed: true,
    row: ['id', 'name', 'code', 'labels'],
    api: {
      description: 'A continental confederation of FIFA, which national teams belong to.',
      fields: {
        name: 'Full name, e.g. `Union of European Football Associations`.',
        code: 'Its code, one of `AFC`, `CAF`, `CONCACAF`, `CONMEBOL`, `OFC`, `UEFA`: what `Team.confederation` gives.',
      },
      required: ['name', 'code'],
    },
  },
  {
    kind: 'teams', label: 'Team', idRule: '`{country-slug}-{men|women}`', idExamples: ['argentina-men'],
    fields: { ...named, code: dispute('string'), confederation: dispute('string'), activeFrom: dispute('date'), activeUntil: dispute('date') },
    relationships: [
      { ...optional(sourced(single('SUCCEEDED_BY', 'successorId', 'Team', 'out', 'successor'))), note: 'the team that took over its record, as FIFA counts it (West Germany: Germany)' },
      // The confederation its `confederation` code names, read as `confederationBody` beside that code.
      {
        ...optional(sourced(single('IN_CONFEDERATION', 'confederationId', 'Confederation'))), readAs: 'confederationBody', inverse: 'teams', note: 'the confederation the team\'s `confederation` code names',
        readAsDescription: 'The confederation the team belongs to, whose code `confederation` gives; null where no source names it.',
        inverseDescription: "Its member teams, men's and women's, by name.",
      },
    ],
    stored: ['gender'],
    row: ['id', 'name', 'gender', 'code', 'confederation', 'activeFrom', 'activeUntil', 'successorId', 'confederationId', 'aliases', 'labels'],
    notes: {
      aliases: NAMED_NOTE, code: 'FIFA code', activeFrom: 'a predecessor\'s period under its name, with `activeUntil`',
      gender: '`MEN`/`WOMEN`',
    },
  },
  {
    kind: 'tournaments', label: 'Tournament', idRule: '`wc-{year}-{men|women}`', idExamples: ['wc-2026-men', 'wc-2019-women'],
    fields: { name: dispute('string'), hosts: union, startDate: dispute('date'), endDate: dispute('date'), aliases: union, nameKeys: union },
    relationships: [optional(sourced(single('WON_BY', 'winnerTeamId', 'Team', 'out', 'winner')))],
    stored: ['year', 'gender'],
    row: ['id', 'year', 'gender', 'name', 'hosts', 'startDate', 'endDate', 'labels', 'winnerTeamId'],
    notes: { hosts: 'list', aliases: NAMED_NOTE, gender: '`MEN`/`WOMEN`' },
  },
  {
    kind: 'stages', label: 'Stage', idRule: '`{tournamentId}-{stageSlug}`', idExamples: ['wc-2026-men-semi-final'],
    fields: { name: first('string'), order: first('int') },
    relationships: [single('OF_TOURNAMENT', 'tournamentId', 'Tournament')],
    stored: ['slug'],
    row: ['id', 'slug', 'name', 'order', 'labels'],
  },
  {
    kind: 'people', label: 'Person', roles: ['Player', 'Coach'],
    idRule: 'slug of the full name as the best-ranked data set citing them spells it (re-keyed when a better one joins, whatever the load order; seeds\' people keep theirs); `-{birthYear}` appended when a different person holds the slug',
    idExamples: ['lionel-messi', 'lionel-scaloni'],
    fields: { ...named, birthDate: dispute('date'), nationality: dispute('string'), sourceKeys: union },
    relationships: [],
    row: ['id', 'name', 'aliases', 'birthDate', 'nationality', 'labels'],
    notes: { aliases: NAMED_NOTE, nationality: 'coaches', sourceKeys: 'the data sets\' own ids of the person' },
  },
  {
    kind: 'referees', label: 'Referee', ...slugged('full name', 'referee'), idExamples: ['referee-szymon-marciniak'],
    fields: { ...named, country: first('string'), confederation: first('string') },
    relationships: [],
    row: ['id', 'name', 'aliases', 'country', 'confederation', 'labels'],
    api: {
      description: 'A match official who refereed at a World Cup.',
      fields: {
        name: 'Full name, e.g. `Szymon Marciniak`.', aliases: 'Every spelling seen.',
        country: 'The country the referee represents, e.g. `Poland`.', confederation: 'That country\'s confederation, e.g. `UEFA`.',
      },
      required: ['name'],
    },
  },
  {
    kind: 'matches', label: 'Match',
    idRule: '`{tournamentId}-{stageSlug}-{teamSlugA}-v-{teamSlugB}` with the two country slugs sorted, `-replay` for a replay, `-play-off` for a group play-off between teams that already met in that stage (1954, 1958)',
    idExamples: ['wc-2026-men-semi-final-argentina-v-england'],
    fields: {
      stage: { ...dispute('string'), identity: true }, city: dispute('string'),
      competition: dispute('string'), edition: dispute('string'),
      date: dispute('date'), kickoff: dispute('string'), group: dispute('string'),
      homeScore: dispute('int'), awayScore: dispute('int'), homeScore90: dispute('int'), awayScore90: dispute('int'),
      extraTime: dispute('bool'), homePenalties: dispute('int'), awayPenalties: dispute('int'),
      winnerTeamId: dispute('string'),
      // How many substitutions a data set lists for the match: a substitution one source lacks
      // (Wyscout's 5 against Fjelstul's 6 in South Korea v Germany 2018) shows as a dispute.
      substitutionCount: dispute('int'),
    },
    relationships: [
      // World Cup matches only; the others belong to a competition alone.
      { ...optional(single('IN_TOURNAMENT', 'tournamentId', 'Tournament')), note: 'World Cup matches only' },
      optional(single('IN_STAGE', 'stageId', 'Stage')),
      // A match the sources list the other way round takes the best-ranked source's home side (match-orientation.ts).
      { ...single('HOME_TEAM', 'homeTeamId', 'Team'), readBack: true, note: 'the side the best-ranked source lists first' },
      single('AWAY_TEAM', 'awayTeamId', 'Team'),
      optional(sourced(single('AT_VENUE', 'venueId', 'Venue', 'out', 'venue'))),
      { ...optional(sourced(single('REFEREED_BY', 'refereeId', 'Referee', 'out', 'referee'))), inverse: 'matches', inverseDescription: 'Matches refereed, by date.', note: 'the referee in charge' },
    ],
    stored: ['replay'],
    row: [
      'id', 'date', 'kickoff', 'stage', 'group', 'homeScore', 'awayScore', 'homeScore90', 'awayScore90', 'extraTime',
      'homePenalties', 'awayPenalties', 'winnerTeamId', 'replay', 'competition', 'edition', 'labels', 'stageName',
      'tournamentId', 'homeTeamId', 'awayTeamId', 'venueId', 'refereeId',
    ],
    notes: {
      stage: 'slug', city: 'the location as reports name it, when they do; the venue\'s city is `AT_VENUE`/`IN_CITY`',
      competition: 'matches outside the World Cup', date: 'ISO', kickoff: 'local `HH:MM`',
      homeScore: 'final, incl. extra time, never the shoot-out; with `awayScore`', homePenalties: 'null without a shoot-out; with `awayPenalties`',
      winnerTeamId: 'who won or advanced, incl. shoot-out; null for a draw',
      substitutionCount: 'how many substitutions a data set lists',
    },
  },
  {
    kind: 'substitutions', label: 'Substitution', idRule: '`{matchId}-sub-{playerOnId}`',
    fields: { minute: minuteField, period: dispute('string') },
    relationships: [
      single('IN_MATCH', 'matchId', 'Match'),
      single('FOR_TEAM', 'teamId', 'Team'),
      single('PLAYER_ON', 'playerOnId', 'Player'),
      optional(single('PLAYER_OFF', 'playerOffId', 'Player', 'out', 'playerOff')),
    ],
    stored: ['addedTime'],
    row: ['id', 'minute', 'addedTime', 'period', 'labels', 'matchId', 'teamId', 'playerOnId', 'playerOffId'],
    notes: { minute: 'as `Goal`' },
  },
  {
    kind: 'goals', label: 'Goal',
    idRule: '`{matchId}-goal-{n}`, n = chronological order in the match in the source that brought the goal first, from 1; another source\'s goal with the same match, team and minute (or team and scorer, minutes at most 3 apart) is the same goal and takes that id, wherever it stands in its list',
    idExamples: ['...-goal-3'],
    fields: {
      minute: minuteField, period: dispute('string'), penalty: dispute('bool'), ownGoal: dispute('bool'),
      method: dispute('string'), sequence: first('int'),
    },
    relationships: [
      single('IN_MATCH', 'matchId', 'Match'),
      { ...single('FOR_TEAM', 'teamId', 'Team'), note: 'the team credited (an own goal: the team it benefits)' },
      sourced(single('SCORED', 'scorerId', 'Player', 'in', 'scorer')),
      { ...optional(sourced(single('ASSISTED', 'assistId', 'Player', 'in', 'assist'))), readAs: 'assistedBy' },
    ],
    stored: ['addedTime'],
    row: [
      'id', 'sequence', 'minute', 'addedTime', 'period', 'penalty', 'ownGoal', 'method', 'labels',
      'matchId', 'teamId', 'scorerId', 'assistId', 'tournamentYear',
    ],
    falseWhenAbsent: ['penalty', 'ownGoal'],
    notes: {
      minute: 'regulation minute: 90+2 is 90, `addedTime` 2', period: '`first-half`, `second-half`, `extra-time-first-half`, `extra-time-second-half`',
      method: '`header`, `long-range`, ... where stated',
    },
  },
  {
    kind: 'bookings', label: 'Booking', ...numbered('booking', 'chronological order of the match\'s cards, from 1 (ties in the source\'s order)'),
    idExamples: ['wc-2022-men-final-argentina-v-france-booking-1'],
    fields: { minute: minuteField, period: dispute('string'), card: dispute('string'), sequence: first('int') },
    relationships: [
      single('IN_MATCH', 'matchId', 'Match'),
      single('FOR_TEAM', 'teamId', 'Team'),
      sourced(single('BOOKED', 'playerId', 'Player', 'in', 'player')),
    ],
    stored: ['addedTime'],
    row: ['id', 'sequence', 'minute', 'addedTime', 'period', 'card', 'labels', 'matchId', 'teamId', 'playerId', 'tournamentYear'],
    notes: { minute: 'as `Goal`', card: '`yellow`, `red`, `second-yellow`' },
  },
  {
    kind: 'shootoutKicks', label: 'ShootoutKick',
    ...numbered('kick', 'the source\'s order: each team\'s kicks in the order taken, one team\'s after the other\'s'),
    idExamples: ['wc-2022-men-final-argentina-v-france-kick-1'],
    fields: { round: dispute('int'), converted: dispute('bool'), sequence: first('int') },
    relationships: [
      {
        ...single('IN_MATCH', 'matchId', 'Match'), readAsDescription: 'The match it settled.',
        inverse: 'shootoutKicks', inverseDescription: 'The kicks of its penalty shoot-out, each team\'s in the order taken; empty without one.',
      },
      { ...single('FOR_TEAM', 'teamId', 'Team'), readAsDescription: 'The team it was taken for.' },
      {
        ...single('TOOK', 'takerId', 'Player', 'in'), readAsDescription: 'The player who took it.',
        inverse: 'shootoutKicks', inverseDescription: 'The penalty shoot-out kicks the player took, by match and order.',
      },
    ],
    row: ['id', 'round', 'converted', 'labels', 'matchId', 'teamId', 'takerId'],
    api: {
      description: 'A kick of a penalty shoot-out, which settles a drawn knockout match.',
      fields: {
        round: "Its place among its team's kicks, from 1: from the sixth on, sudden death.",
        converted: 'Whether it went in.',
      },
      required: ['round', 'converted'],
    },
  },
  {
    kind: 'quotes', label: 'Quote', idRule: '`{matchId}-quote-{speakerId}-{n}`',
    fields: { text: first('string') },
    relationships: [single('SAID', 'speakerId', 'Person', 'in'), optional(single('ABOUT', 'matchId', 'Match'))],
    row: ['id', 'text', 'labels', 'speakerId', 'matchId'],
  },
  {
    kind: 'claims', label: 'Claim', idRule: '`claim-{slug}`', idExamples: ['claim-messi-world-cup-assists'],
    fields: {
      statement: first('string'), metric: first('string'), value: first('int'), unit: first('string'),
      scope: first('string'),
    },
    relationships: [],
    stored: ['values', 'valueLabels', 'checkable'],
    row: ['id', 'statement', 'metric', 'value', 'unit', 'values', 'valueLabels', 'scope', 'labels', 'about'],
    notes: {
      statement: 'our own words', metric: 'e.g. `world-cup-assists`', value: 'number',
      values: 'parallel lists for multi-number claims such as W-D-L 6-2-6, with `valueLabels`',
      scope: 'e.g. `world-cup`, `all-competitions`', checkable: 'the graph could compute it once history is loaded',
    },
  },
  {
    kind: 'assertions', label: 'Assertion', idRule: '`{subjectId}#{field}@{sourceId}`', idExamples: ['...-goal-1#minute@openfootball-worldcup'],
    fields: {},
    relationships: [{ ...single('HAS_ASSERTION', 'subjectId', 'Entity', 'in'), note: 'one Assertion per source per disputed field' }],
    stored: ['field', 'value', 'valueType', 'preferred', 'reason'],
    notes: { value: 'string form', valueType: '`int`, `string`, ...', preferred: 'bool', reason: 'why preferred or not' },
  },
] as const satisfies readonly DeclaredEntity[];

export const ENTITIES: readonly EntityDeclaration[] = DECLARED_ENTITIES;

/**
 * A team at one tournament, its entry: the node a squad, a coach, a group and a final position
 * belong to. Sources state these as records naming a team and a tournament or match
 * (`{playerId, teamId, tournamentId}` for a squad place, `{playerId, matchId, teamId}` for an
 * appearance, `{coachId, teamId, matchId}` for a coaching), and the writer turns each into edges to
 * the entry, creating it on first mention; adapters never name the entry. It replaces the foreign
 * keys the relationships used to carry (`IN_SQUAD.tournamentId`, `PLAYED_IN.teamId`,
 * `MANAGED.teamId`): a property holding an id is a join nothing indexes, and it could contradict the
 * edges. A player or coach serves one team per tournament, so the side of an appearance or a
 * coaching is the entry of the match's tournament that the person belongs to: stating it on every
 * appearance repeated that fact and let two appearances disagree about it. The id is built from
 * the tournament's and the team's (`wc-2022-men-argentina-men`), so every writer reaches the same
 * node without looking it up.
 */
export const ENTRY = {
  label: 'Entry',
  idRule: '{tournamentId}-{teamId}',
  /** The id in Cypher from the variables bound to the tournament and the team (static text). */
  idCypher: (tournament: string, team: string) => `${tournament}.id + '-' + ${team}.id`,
  /** The same id from the ids themselves. */
  id: (tournamentId: string, teamId: string) => `${tournamentId}-${teamId}`,
} as const;

const player: LinkNode = { label: 'Player', property: 'playerId' };
const match: LinkNode = { label: 'Match', property: 'matchId' };

/** The link kinds: bundle collections of relationship records. */
export type LinkKind = 'squads' | 'appearances' | 'awards' | 'coachings';

/** The bundle collections: an entity's or a link's records each (`FactBundle`). */
export type BundleKind = EntityKind | LinkKind;

/** A bundle as the model reads it: records by kind. */
type Records = Readonly<Record<BundleKind, readonly unknown[]>>;

export const LINKS: readonly LinkDeclaration[] = [
  // (:Player)-[:IN_SQUAD]->(:Entry): the team and tournament pick the entry.
  {
    kind: 'squads', type: 'IN_SQUAD', references: ['playerId', 'teamId', 'tournamentId'], fields: ['shirtNumber', 'position', 'club'],
    from: player, to: { entry: { team: 'teamId', tournament: 'tournamentId' } },
  },
  // (:Player)-[:PLAYED_IN]->(:Match); the team puts the player in its entry's squad (IN_SQUAD): playing
  // for a team at a tournament is being in its squad, as far as the source knows.
  {
    kind: 'appearances', type: 'PLAYED_IN', references: ['playerId', 'matchId', 'teamId'],
    fields: ['starter', 'minuteOn', 'minuteOff', 'minutes', 'shirtNumber', 'position'],
    from: player, to: match, also: [{ type: 'IN_SQUAD', to: { entry: { team: 'teamId', tournamentOfMatch: 'matchId' } } }],
    sideOutsideTournaments: 'teamId',
  },
  {
    kind: 'awards', type: 'WON_AWARD', references: ['playerId', 'tournamentId', 'teamId'], fields: ['teamId', 'shared'],
    from: player, to: { label: 'Tournament', property: 'tournamentId' }, distinct: ['award'],
    note: 'one per award won (`Golden Ball`, `Golden Boot`, ...); `shared`: the award went to several players',
  },
  // (:Coach)-[:COACH_OF]->(:Team); with a match also (:Coach)-[:MANAGED]->(:Match) and (:Coach)-[:COACHED]->(:Entry).
  {
    kind: 'coachings', type: 'COACH_OF', references: ['coachId', 'teamId', 'matchId'], fields: [],
    from: { label: 'Coach', property: 'coachId' }, to: { label: 'Team', property: 'teamId' },
    also: [{ type: 'MANAGED', to: match }, { type: 'COACHED', to: { entry: { team: 'teamId', tournamentOfMatch: 'matchId' } } }],
  },
];

type Declared = (typeof DECLARED_ENTITIES)[number];
/** The bundle collections holding entity records, as model.ts declares them. */
export type EntityKind = Declared['kind'];
type DeclaredKind<K> = Extract<Declared, { kind: K }>;
type DeclaredLabel<L> = Extract<Declared, { label: L; row: readonly string[] }>;
type ValueOf<T> = T extends 'int' ? number : T extends 'bool' ? boolean : string;
type FieldValue<F> = F extends { policy: 'union' } ? string[] : F extends { type: infer T } ? ValueOf<T> | null : never;

/** The properties of a kind's records naming its relationships' targets (`cityId`), as its declaration lists them. */
export type RelationshipIds<K> = { [R in DeclaredKind<K>['relationships'][number] as R['property']]?: string | null };

/** A record of kind `K` typed from its declaration alone: its id, declared fields and relationship ids. */
export type ModelRecord<K> = { id: string } & { [F in keyof DeclaredKind<K>['fields']]?: FieldValue<DeclaredKind<K>['fields'][F]> } & RelationshipIds<K>;

type ColumnValue<E, C> = C extends 'id' ? string : C extends 'labels' ? string[]
  : E extends { fields: infer F } ? (C extends keyof F ? FieldValue<F[C]> : string | null) : never;

/**
 * The row of label `L` typed from its declared `row`: its id, and optionally each other column (a
 * union field a list, a relationship id or a computed column a string).
 */
export type ModelRow<L> = { id: string } & { [C in Exclude<DeclaredLabel<L>['row'][number], 'id'>]?: ColumnValue<DeclaredLabel<L>, C> };

/** Each relationship declaring an `inverse`, with the label of the nodes pointing along it. */
export type InverseRelationship = InversesOf<Declared>;
type InversesOf<E> = E extends Declared ? InverseOf<E['label'], E['relationships'][number]> : never;
type InverseOf<L, R> = R extends { inverse: string; target: string } ? { label: L; target: R['target']; inverse: R['inverse'] } : never;

/** The name of the loader reading an inverse relationship's nodes (`refereeMatches`). */
export type InverseLoaderName<R extends { target: string; inverse: string }> = `${Uncapitalize<R['target']>}${Capitalize<R['inverse']>}`;

/** The labels of the kinds declared `listed`. */
export type ListedLabel = Extract<Declared, { listed: true }>['label'];

/** The labels model.ts reads rows by (`ROW_LABELS`), roles included. */
export type RowLabel = DeclaredLabel<string>['label'] | Extract<Declared, { roles: readonly string[] }>['roles'][number];

/** Every label an entity can carry, in declaration order (`:Player`/`:Coach` come with `:Person`). */
export const ENTITY_LABELS: readonly string[] = ENTITIES.map((entity) => entity.label);

/**
 * The labels a row is read by, most specific first (a person's roles before `Person`): those of
 * the kinds declaring a row, and the entry.
 */
export const ROW_LABELS: readonly string[] = [
  ...ENTITIES.flatMap((entity) => (entity.row ? [...(entity.roles ?? []), entity.label] : [])), ENTRY.label,
];

export function entityOfLabel(label: string): EntityDeclaration | undefined {
  return ENTITIES.find((entity) => entity.label === label);
}

export function entityOf(kind: BundleKind): EntityDeclaration | undefined {
  return ENTITIES.find((entity) => entity.kind === kind);
}

/** The id of a record of `kind`, whose declaration makes it a slug of `value` (`slugged`). */
export function sluggedId(kind: EntityKind, value: string): string {
  const rule = entityOf(kind)?.sluggedId;
  if (!rule) throw new Error(`model.ts declares no slugged id for ${kind}`);
  return rule.prefix ? `${rule.prefix}-${slugify(value)}` : slugify(value);
}

/** The id of the `n`th record of `kind` in match `matchId`, whose declaration numbers it (`numbered`). */
export function numberedId(kind: EntityKind, matchId: string, n: number): string {
  const rule = entityOf(kind)?.numberedId;
  if (!rule) throw new Error(`model.ts declares no numbered id for ${kind}`);
  return `${matchId}-${rule.name}-${n}`;
}

/** Ids of every entity record of the bundle. */
export function definedIds(bundle: Records): Set<string> {
  return new Set(ENTITIES.flatMap((entity) => (bundle[entity.kind] as Array<{ id: string }>).map((record) => record.id)));
}

/** Every id a record of the bundle points at (sources and claim subjects included), once each. */
export function referencedIds(bundle: Records): string[] {
  const ids = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string' && value) ids.add(value);
  };
  const declarations: Array<{ kind: BundleKind; references: readonly string[] }> = [
    ...ENTITIES.map((entity) => ({ kind: entity.kind, references: entity.relationships.map((r) => r.property) })),
    ...LINKS,
  ];
  for (const { kind, references } of declarations) {
    for (const record of bundle[kind] as unknown as Array<Record<string, unknown>>) {
      for (const reference of references) add(record[reference]);
      for (const source of (record.sources as string[] | undefined) ?? []) add(source);
    }
  }
  (bundle.claims as ReadonlyArray<{ about: Array<{ id: string }> }>).forEach((claim) => claim.about.forEach((subject) => add(subject.id)));
  return [...ids];
}

/**
 * The single-valued relationships of one kind whose target sources can dispute, for the writer to
 * replace when the preferred target changes. The others name what the id is built from (a goal's
 * match and team) and cannot change.
 */
export function replaceableRelationships(kind: BundleKind): RelationshipDeclaration[] {
  return entityOf(kind)?.relationships.filter((r) => r.cardinality === 'single' && r.field !== undefined) ?? [];
}

/**
 * Data sets in the order their versions win a tie (after the number of sources and structured data
 * over prose): Fjelstul keeps regulation minute and stoppage time apart in checked columns. A new
 * data set's adapter adds its source id here. Reports and other sources follow by id.
 */
export const SOURCE_PRECEDENCE: readonly string[] = [
  'fjelstul-worldcup', 'openfootball-worldcup',
  // Event data: StatsBomb's assister (key pass or goal assist on every goal) before Wyscout's tags.
  'statsbomb-open-data', 'wyscout-pappalardo-worldcup2018',
  // Results and names only, for every international: the World Cup data sets know their matches better.
  'international-results',
];
