import { z } from 'zod';
import type { StageSlug } from '../../../graph/model/identity';
import type { DataLocation } from '../../reading/data-location';
import { MalformedFileError, validateRecord } from '../../reading/validation';
import { calendarDate, LIMITS, nonBlank, wholeNumber } from '../../reading/value-rules';


/** The FIFA World Cup 2018, StatsBomb's competition 43 and season 3. */
export const DEFAULT_STATSBOMB_SEASON = { competition: 43, season: 3 };

/** StatsBomb's stage names. */
export const STATSBOMB_STAGES: Record<string, StageSlug> = {
  'Group Stage': 'group-stage',
  'Round of 16': 'round-of-16',
  'Quarter-finals': 'quarter-final',
  'Semi-finals': 'semi-final',
  '3rd Place Final': 'third-place',
  Final: 'final',
};
const id = z.number().int().nonnegative();
const named = z.object({ id, name: nonBlank });

const matchSchema = z.object({
  match_id: id,
  match_date: calendarDate,
  home_score: wholeNumber(LIMITS.goals).or(z.number().int().min(0).max(LIMITS.goals.max)),
  away_score: z.number().int().min(0).max(LIMITS.goals.max),
  home_team: z.object({ home_team_id: id, home_team_name: nonBlank, home_team_gender: z.enum(['male', 'female']) }),
  away_team: z.object({ away_team_id: id, away_team_name: nonBlank }),
  competition_stage: z.object({ name: z.enum(Object.keys(STATSBOMB_STAGES) as [string, ...string[]]) }),
});
const clock = z.string().regex(/^\d{1,3}:\d{2}$/, 'must be a time mm:ss');
const lineupSchema = z.array(z.object({
  team_id: id,
  team_name: nonBlank,
  lineup: z.array(z.object({
    player_id: id,
    player_name: nonBlank,
    player_nickname: z.string().nullable().optional(),
    jersey_number: z.number().int().min(LIMITS.shirtNumber.min).max(LIMITS.shirtNumber.max),
    positions: z.array(z.object({ position: nonBlank, from: clock, to: clock.nullable(), start_reason: z.string(), end_reason: z.string() })),
  })),
}));
const eventSchema = z.array(z.object({
  id: z.string(),
  period: z.number().int().min(1).max(5),
  minute: z.number().int().min(0).max(LIMITS.minute.max + LIMITS.addedTime.max),
  type: named,
  team: named,
  player: named.optional(),
  shot: z.object({ outcome: named, type: named, key_pass_id: z.string().optional() }).optional(),
}).passthrough());

type StatsBombMatch = z.output<typeof matchSchema>;
type Lineup = z.output<typeof lineupSchema>;
type Events = z.output<typeof eventSchema>;

export interface StatsBombData {
  matches: Array<{ match: StatsBombMatch; lineups: Lineup; events: Events }>;
  rowCount: number;
}

async function readJson<T>(location: DataLocation, file: string, schema: z.ZodType<T>): Promise<T> {
  const text = await location.readText(file);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new MalformedFileError(location.describe(file), null, `not JSON: ${(error as Error).message}`);
  }
  return validateRecord(location.describe(file), schema, { line: null, where: null, value } as never);
}

/**
 * Reads one competition season as published in open-data's `data/` folder: `matches/<competition>/<season>.json`,
 * then `lineups/<match>.json` and `events/<match>.json` of each match. Every file is validated
 * before anything is built.
 */
export async function readStatsBomb(location: DataLocation, season = DEFAULT_STATSBOMB_SEASON): Promise<StatsBombData> {
  const matches = await readJson(location, `matches/${season.competition}/${season.season}.json`, z.array(matchSchema).min(1, 'must list at least one match'));
  const read = await Promise.all(matches.map(async (match) => ({
    match,
    lineups: await readJson(location, `lineups/${match.match_id}.json`, lineupSchema),
    events: await readJson(location, `events/${match.match_id}.json`, eventSchema),
  })));
  for (const { match, lineups, events } of read) {
    const players = new Set(lineups.flatMap((team) => team.lineup.map((p) => p.player_id)));
    const stranger = events.find((event) => event.player && !players.has(event.player.id));
    if (stranger) {
      throw new MalformedFileError(location.describe(`events/${match.match_id}.json`), null, `event ${stranger.id}: player ${stranger.player!.id} is in no line-up of match ${match.match_id}`);
    }
  }
  return { matches: read, rowCount: read.reduce((n, m) => n + 1 + m.events.length + m.lineups.reduce((k, t) => k + t.lineup.length, 0), 0) };
}
