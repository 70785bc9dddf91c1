import { z } from 'zod';
import type { StageSlug } from '../../../graph/model/identity';
import { POSITIONS } from '../../../graph/model/vocabulary';
import { calendarDate, count, LIMITS, matchMinute, nonBlank, timeWithOffset } from '../../reading/value-rules';


const isoDate = calendarDate;
const score = z.tuple([count(LIMITS.goals), count(LIMITS.goals)]);
const goal = z.object({
  name: nonBlank,
  minute: matchMinute,
  penalty: z.boolean().optional(),
  owngoal: z.boolean().optional(),
});

const ROUNDS: Array<[RegExp, StageSlug]> = [
  [/^matchday \d+$/i, 'group-stage'],
  [/^round of 32$/i, 'round-of-32'],
  [/^round of 16$/i, 'round-of-16'],
  [/^quarter-?finals?$/i, 'quarter-final'],
  [/^semi-?finals?$/i, 'semi-final'],
  [/^(match for )?third[- ]place( match)?$/i, 'third-place'],
  [/^final$/i, 'final'],
];
const round = z.string().transform((value, ctx) => {
  const found = ROUNDS.find(([pattern]) => pattern.test(value));
  if (!found) {
    ctx.addIssue({ code: 'custom', message: 'must be a round such as "Matchday 3", "Round of 16", "Semi-final", "Final"' });
    return z.NEVER;
  }
  return found[1];
});

export const matchSchema = z.object({
  /** The match number, where the file gives one (2026). */
  num: count(LIMITS.matchNumber).optional(),
  round,
  date: isoDate,
  time: timeWithOffset.optional(),
  team1: nonBlank,
  team2: nonBlank,
  score: z.object({ ft: score, ht: score.optional(), et: score.optional(), p: score.optional() }).optional(),
  goals1: z.array(goal).optional(),
  goals2: z.array(goal).optional(),
  group: z.string().optional(),
  ground: z.string().optional(),
});
export const fixturesSchema = z.object({ name: z.string(), matches: z.array(z.unknown()).min(1, 'must list at least one match') });
export const teamsSchema = z.array(z.object({
  name: nonBlank, name_normalised: z.string().optional(), fifa_code: z.string().optional(), confed: z.string().optional(),
})).min(1, 'must list at least one team');
export const squadsSchema = z.array(z.object({
  name: nonBlank,
  players: z.array(z.object({
    number: count(LIMITS.shirtNumber).optional(),
    pos: z.enum(POSITIONS).optional(),
    name: nonBlank,
    club: z.object({ name: z.string() }).optional(),
    date_of_birth: isoDate.optional(),
  })).min(1, 'a squad lists at least one player'),
})).min(1, 'must list at least one squad');
export const stadiumsSchema = z.object({
  // 2022's stadiums file has no country codes (2026's has): such a stadium cannot be placed in a
  // country, so it is skipped and the venue comes from Fjelstul, as for the years without the file.
  stadiums: z.array(z.object({ city: nonBlank, cc: z.string().length(2).optional(), name: nonBlank, capacity: count(LIMITS.capacity).optional() }))
    .min(1, 'must list at least one stadium'),
});

type Stadium = z.output<typeof stadiumsSchema>['stadiums'][number];

/** The stadiums of a year that name their country. */
export function placedStadiums(year: OpenfootballYear): Array<Stadium & { cc: string }> {
  return (year.stadiums ?? []).filter((s): s is Stadium & { cc: string } => s.cc !== undefined);
}

export interface OpenfootballYear {
  year: number;
  matches: Array<z.output<typeof matchSchema>>;
  teams: z.output<typeof teamsSchema> | null;
  squads: z.output<typeof squadsSchema> | null;
  stadiums: z.output<typeof stadiumsSchema>['stadiums'] | null;
}
