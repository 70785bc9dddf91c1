import { z } from 'zod';
import { STAGE_SLUGS } from '../../graph/model/identity';
import { PERSON_ROLES, POSITIONS, SOURCE_KINDS } from '../../graph/model/vocabulary';
import { calendarDate, count, LIMITS, matchMinute, timeOfDay } from '../reading/value-rules';

/**
 * The shape of one file in `seeds/` (YAML or JSON). Every section is optional, so a file holds
 * whatever belongs together; `src/ingest/seeds/resolver.ts` turns it into a FactBundle.
 *
 * Declarations name things (a team by country and gender, a person by full name) and the ids are
 * built from those names by `src/graph/model/identity.ts`. References to teams, tournaments, venues and
 * matches use those ids; references to people use the spelling the source uses, so every spelling
 * a document prints must be on file as the person's name or an alias.
 */

const text = z.string().trim().min(1, 'must not be empty');
const id = z.string().regex(/^[a-z0-9][a-z0-9-]*[a-z0-9]$/, 'expected an id in kebab-case such as argentina-men');
const isoDate = calendarDate;
const gender = z.enum(['MEN', 'WOMEN'], 'expected MEN or WOMEN');

/** Source ids of the documents or data sets asserting a fact; at least one, always. */
const sources = z.array(text, 'expected a list of source ids').min(1, 'every fact needs at least one source');

/** A match minute as printed: 55, "55'", "90+2", "90'+2". */
const minute = matchMinute;

const goals = count(LIMITS.goals);
const score = z.strictObject({ home: goals, away: goals });

const sourceSchema = z.strictObject({
  id: text,
  title: text,
  kind: z.enum(SOURCE_KINDS),
  publisher: text.optional(),
  url: z.url().optional(),
  licence: text.optional(),
  attribution: text.optional(),
  /** Among reports, lower wins a tie between versions; reports without one come after. */
  precedence: count({ min: 0, max: 99 }).optional(),
});

/**
 * Versions of a field that some of the entry's sources state differently from the entry:
 * `field: { sourceId: value }`. The entry's own value is stated by its other sources; the
 * reconciler ranks the versions and keeps each as an Assertion (see "Disputed values" in
 * schema/model.md). Only reports: a data set speaks through its own adapter.
 */
const bySource = z
  .record(text, z.record(text, z.union([text, z.number(), z.boolean()], 'expected the value as a string, number or boolean')))
  .optional();

const teamSchema = z.strictObject({
  name: text,
  gender,
  code: z.string().regex(/^[A-Z]{3}$/, 'expected a three-letter FIFA code').optional(),
  confederation: text.optional(),
  aliases: z.array(text).default([]),
  sources,
});

const tournamentSchema = z.strictObject({
  year: count(LIMITS.year),
  gender,
  name: text,
  /** Empty when no source states the hosts. */
  hosts: z.array(text).default([]),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  winner: id.optional(),
  sources,
});

const citySchema = z.strictObject({ name: text, country: text, aliases: z.array(text).default([]), sources });

const venueSchema = z.strictObject({
  name: text,
  city: id.optional(),
  capacity: count(LIMITS.capacity).optional(),
  aliases: z.array(text).default([]),
  sources,
});

const squadSchema = z.strictObject({
  team: id,
  tournament: id,
  shirtNumber: count({ ...LIMITS.shirtNumber, min: 1 }).optional(),
  position: z.enum(POSITIONS).optional(),
  club: text.optional(),
  sources,
});

const personSchema = z.strictObject({
  name: text,
  aliases: z.array(text).default([]),
  /** Empty for someone who is neither, e.g. a stadium announcer who is quoted. */
  roles: z.array(z.enum(PERSON_ROLES)).default([]),
  birthDate: isoDate.optional(),
  nationality: text.optional(),
  squads: z.array(squadSchema).default([]),
  sources,
});

/** One source's version of a disputed field; see "Disputed values" in schema/model.md. */
const assertionSchema = z.strictObject({
  field: text,
  value: z.union([text, z.number(), z.boolean()], 'expected the value as a string, number or boolean'),
  valueType: z.enum(['int', 'string', 'date', 'bool']).optional(),
  preferred: z.boolean(),
  reason: text,
  source: text,
});

const lineupSchema = z.strictObject({
  team: id,
  sources,
  starters: z
    .array(z.strictObject({ player: text, line: z.enum(POSITIONS).optional() }))
    .min(1, 'a line-up needs its starters'),
  substitutions: z
    .array(
      z.strictObject({
        on: text,
        off: text.optional(),
        minute,
        /** Replaces the line-up's sources when more documents state this change. */
        sources: sources.optional(),
      }),
    )
    .default([]),
});

const goalSchema = z.strictObject({
  team: id,
  scorer: text,
  assist: text.optional(),
  minute,
  penalty: z.boolean().default(false),
  ownGoal: z.boolean().default(false),
  /** How it was scored where a source says so, in kebab-case: header, long-range. */
  method: id.optional(),
  sources,
  bySource,
  assertions: z.array(assertionSchema).default([]),
});

const matchSchema = z
  .strictObject({
    tournament: id,
    stage: z.enum(STAGE_SLUGS, `expected one of ${STAGE_SLUGS.join(', ')}`),
    group: text.optional(),
    home: id,
    away: id,
    replay: z.boolean().default(false),
    date: isoDate.optional(),
    kickoff: timeOfDay.optional(),
    venue: id.optional(),
    /** Final score, extra time included, shoot-out excluded. */
    score: score.optional(),
    score90: score.optional(),
    extraTime: z.boolean().optional(),
    penalties: score.optional(),
    winner: id.optional(),
    sources,
    coaches: z.array(z.strictObject({ team: id, coach: text, sources })).default([]),
    lineups: z.array(lineupSchema).default([]),
    /** In the order they were scored. */
    goals: z.array(goalSchema).default([]),
    quotes: z.array(z.strictObject({ speaker: text, text, sources })).default([]),
    bySource,
    assertions: z.array(assertionSchema).default([]),
  })
  .refine((m) => m.home !== m.away, { message: 'home and away must be different teams', path: ['away'] })
  .refine((m) => !m.winner || m.winner === m.home || m.winner === m.away, {
    message: 'winner must be the home or the away team',
    path: ['winner'],
  });

const claimSchema = z
  .strictObject({
    id: z.string().regex(/^claim-[a-z0-9-]+$/, 'expected an id such as claim-messi-world-cup-assists'),
    /** In our own words, never copied from the source. */
    statement: text,
    metric: id,
    value: z.number().optional(),
    unit: text.optional(),
    values: z.array(z.number()).optional(),
    valueLabels: z.array(text).optional(),
    scope: text.optional(),
    /** Seeds written before checks set this by hand; it is accepted and ignored: the metric decides. */
    checkable: z.boolean().optional(),
    about: z.array(z.strictObject({ id: text, role: text })).min(1, 'a claim is about at least one entity'),
    sources,
  })
  .refine((c) => c.value !== undefined || c.values !== undefined, {
    message: 'a claim needs a value or values',
    path: ['value'],
  })
  .refine((c) => (c.values?.length ?? 0) === (c.valueLabels?.length ?? 0), {
    message: 'values and valueLabels must have the same length',
    path: ['valueLabels'],
  });

export const seedFileSchema = z.strictObject({
  sources: z.array(sourceSchema).default([]),
  teams: z.array(teamSchema).default([]),
  tournaments: z.array(tournamentSchema).default([]),
  cities: z.array(citySchema).default([]),
  venues: z.array(venueSchema).default([]),
  people: z.array(personSchema).default([]),
  matches: z.array(matchSchema).default([]),
  claims: z.array(claimSchema).default([]),
});

export type SeedFileData = z.infer<typeof seedFileSchema>;
export type SeedMatch = SeedFileData['matches'][number];
export type SeedAssertion = z.infer<typeof assertionSchema>;
export type SeedBySource = z.infer<typeof bySource>;
