/**
 * Stable, readable ids, built from names folded by `fold` (see schema/model.md).
 * Pure functions: the importers build ids with them and the API normalises user input with them,
 * so a lookup can never drift from what was written.
 */

import { fold } from './fold';

export type Gender = 'MEN' | 'WOMEN';

export const STAGE_SLUGS = [
  'group-stage',
  'second-group-stage',
  'final-round',
  'round-of-32',
  'round-of-16',
  'quarter-final',
  'semi-final',
  'third-place',
  'final',
] as const;
export type StageSlug = (typeof STAGE_SLUGS)[number];

export function slugify(name: string): string {
  return fold(name).replace(/ /g, '-');
}

/**
 * Every normalised form a name can be looked up by. "Family, Given" is also read as "Given Family",
 * the order the reports and openfootball use.
 */
export function nameKeys(names: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const name of names) {
    keys.add(fold(name));
    const comma = name.indexOf(',');
    if (comma > 0) keys.add(fold(`${name.slice(comma + 1)} ${name.slice(0, comma)}`));
  }
  keys.delete('');
  return [...keys];
}

export function genderSlug(gender: Gender): 'men' | 'women' {
  return gender === 'MEN' ? 'men' : 'women';
}

export function tournamentId(year: number, gender: Gender): string {
  return `wc-${year}-${genderSlug(gender)}`;
}

/** A World Cup's name, the same from every data set so that no import renames another's Tournament. */
export function tournamentName(year: number, gender: Gender): string {
  return `${year} FIFA ${gender === 'WOMEN' ? "Women's" : "Men's"} World Cup`;
}

export function teamId(countryName: string, gender: Gender): string {
  return `${slugify(countryName)}-${genderSlug(gender)}`;
}

/** `teamId`'s shape: a slug, then the gender's slug from `genderSlug`. */
const TEAM_ID_SHAPE = new RegExp(`^[a-z0-9]+(?:-[a-z0-9]+)*-(?:${genderSlug('MEN')}|${genderSlug('WOMEN')})$`);

/** Whether `reference` has the shape of `teamId`'s ids (it may still name no team). */
export function looksLikeTeamId(reference: string): boolean {
  return TEAM_ID_SHAPE.test(reference);
}

export function stageId(tournament: string, stage: StageSlug): string {
  return `${tournament}-${stage}`;
}

/** Team order does not matter: two sources listing home and away differently build the same id. */
export function matchId(
  tournament: string,
  stage: StageSlug,
  countryA: string,
  countryB: string,
  replay = false,
): string {
  const [a, b] = [slugify(countryA), slugify(countryB)].sort();
  return `${tournament}-${stage}-${a}-v-${b}${replay ? '-replay' : ''}`;
}

/**
 * A match outside the World Cup data sets' tournaments (a friendly, a Copa América match):
 * `{date}-{teamA}-v-{teamB}`, the men's teams without their gender's slug, in either order.
 */
export function competitionMatchId(date: string, homeTeamId: string, awayTeamId: string): string {
  const [a, b] = [homeTeamId, awayTeamId].map((id) => id.replace(/-men$/, '')).sort();
  return `${date}-${a}-v-${b}`;
}

/**
 * 1954 and 1958 settled tied groups with a play-off between two teams that had already met in the
 * same group stage: the second meeting is `{matchId}-play-off`.
 */
export function playOffMatchId(match: string): string {
  return `${match}-play-off`;
}

export function goalId(match: string, sequence: number): string {
  return `${match}-goal-${sequence}`;
}

export function substitutionId(match: string, playerOnId: string): string {
  return `${match}-sub-${playerOnId}`;
}

export function quoteId(match: string, speakerId: string, sequence: number): string {
  return `${match}-quote-${speakerId}-${sequence}`;
}

export function assertionId(subjectId: string, field: string, sourceId: string): string {
  return `${subjectId}#${field}@${sourceId}`;
}

/** The source an Assertion id (`assertionId`) names. */
export const assertionSourceOf = (id: string): string => id.slice(id.lastIndexOf('@') + 1);

export function cityId(city: string, country: string): string {
  return `${slugify(city)}-${slugify(country)}`;
}

/** Splits "90+2" into the regulation minute and the added time; "55" or "55'" has none. */
export function parseMinute(label: string): { minute: number; addedTime: number | null } {
  const match = /^\s*(\d{1,3})\s*'?\s*(?:\+\s*(\d{1,2}))?\s*'?\s*$/.exec(label);
  if (!match) throw new Error(`not a match minute: "${label}" (expected e.g. 55, 90+2)`);
  return { minute: Number(match[1]), addedTime: match[2] === undefined ? null : Number(match[2]) };
}
