/**
 * The closed vocabularies of the graph, as stored: the seeds, the importers and the API enums
 * (schema/vocabulary.type.ts) all take their values from here. Stages are `STAGE_SLUGS` in
 * identity.ts, since a match's id is built from its stage.
 */

/** Periods of play, in the order they are played. */
export const PERIODS = ['first-half', 'second-half', 'extra-time-first-half', 'extra-time-second-half'] as const;
export type Period = (typeof PERIODS)[number];

/** `second-yellow`: a second yellow card in the match, which sends the player off. */
export const CARDS = ['yellow', 'red', 'second-yellow'] as const;
export type Card = (typeof CARDS)[number];

/** A player's line, as squad lists give it. */
export const POSITIONS = ['GK', 'DF', 'MF', 'FW'] as const;
export type Position = (typeof POSITIONS)[number];

/** The player awards of a World Cup, as the Fjelstul database names them. */
export const AWARDS = [
  'Golden Ball', 'Silver Ball', 'Bronze Ball', 'Golden Boot', 'Silver Boot', 'Bronze Boot', 'Golden Glove', 'Best Young Player',
] as const;
export type Award = (typeof AWARDS)[number];

/** The roles a person can hold, written as labels beside `Person`. */
export const PERSON_ROLES = ['Player', 'Coach'] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];

/** `report`: a prose match report; `dataset`: structured data. */
export const SOURCE_KINDS = ['report', 'dataset'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** The competition of every World Cup match, as the data sets name it. */
export const WORLD_CUP = 'FIFA World Cup';
export const WOMENS_WORLD_CUP = "FIFA Women's World Cup";
