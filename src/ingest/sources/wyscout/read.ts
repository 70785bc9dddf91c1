import { z } from 'zod';
import type { StageSlug } from '../../../graph/model/identity';
import type { Period } from '../../../graph/model/vocabulary';
import { readCsvTables, type CsvRow } from '../../reading/csv';
import type { DataLocation } from '../../reading/data-location';
import { everyRow, mustReference, uniqueBy } from '../../reading/validation';
import { calendarDate, LIMITS, matchMinute, nonBlank, wholeNumber } from '../../reading/value-rules';


/** Wyscout's round ids of the 2018 World Cup. */
const ROUNDS: Record<string, StageSlug> = {
  '4165363': 'group-stage',
  '4165364': 'round-of-16',
  '4165365': 'quarter-final',
  '4165366': 'semi-final',
  '4165367': 'third-place',
  '4165368': 'final',
};
const PERIODS: Record<string, Period> = { '1H': 'first-half', '2H': 'second-half', E1: 'extra-time-first-half', E2: 'extra-time-second-half' };

const wyId = z.string().regex(/^\d+$/, 'must be a Wyscout id (digits)');
const flag = z.enum(['0', '1']).transform((value) => value === '1');
const goals = wholeNumber(LIMITS.goals);
const minuteOrNone = z.union([z.literal('').transform(() => null), wholeNumber({ min: 0, max: LIMITS.minute.max + LIMITS.addedTime.max })]);
const oneOf = <T extends string>(map: Record<string, T>) =>
  z.string().refine((v) => v in map, { message: `must be one of: ${Object.keys(map).join(', ')}` }).transform((v) => map[v]!);

/** The files read and the columns used from each (the README of the data set defines them). */
const TABLES = {
  matches: {
    match_id: wyId, date_utc: z.string().transform((v) => v.slice(0, 10)).pipe(calendarDate), round_id: oneOf(ROUNDS), group_name: z.string(),
    duration: z.enum(['Regular', 'ExtraTime', 'Penalties']),
    home_team_id: wyId, home_team_name: nonBlank, away_team_id: wyId, away_team_name: nonBlank,
    home_score_90: goals, away_score_90: goals, home_score_aet: goals, away_score_aet: goals,
    home_score_pens: wholeNumber(LIMITS.penalties), away_score_pens: wholeNumber(LIMITS.penalties), winner_team_id: wyId,
  },
  lineups: {
    match_id: wyId, team_id: wyId, player_id: wyId, short_name: nonBlank, first_name: z.string(), last_name: z.string(),
    birth_date: z.union([z.literal('').transform(() => null), calendarDate]), started: flag, on_minute: minuteOrNone, off_minute: minuteOrNone,
  },
  goals: {
    match_id: wyId, goal_number: wholeNumber({ min: 1, max: LIMITS.goals.max * 2 }), match_period: oneOf(PERIODS), minute_label: matchMinute,
    scoring_team_id: wyId, scorer_id: wyId, own_goal: flag, penalty: flag, assister_id: z.union([z.literal('').transform(() => null), wyId]),
  },
  substitutions: { match_id: wyId, team_id: wyId, minute: wholeNumber({ min: 1, max: LIMITS.minute.max + LIMITS.addedTime.max }), player_off_id: wyId, player_on_id: wyId },
} satisfies Record<string, z.ZodRawShape>;

export type WyscoutTables = { [K in keyof typeof TABLES]: Array<CsvRow<(typeof TABLES)[K]>> };

/**
 * Reads and validates the four CSV files: each row, then keys, and every player a goal or a
 * substitution names on that match's squad sheet for that team.
 */
export async function readWyscout(location: DataLocation): Promise<WyscoutTables & { rowCount: number }> {
  const tables: WyscoutTables = await readCsvTables(location, TABLES);
  checkWyscoutIntegrity(tables, location.describe);
  return { ...tables, rowCount: Object.values(tables).reduce((sum, rows) => sum + rows.length, 0) };
}

function checkWyscoutIntegrity(tables: WyscoutTables, describe: (file: string) => string): void {
  const file = (name: keyof WyscoutTables) => describe(`${name}.csv`);
  const key = (...parts: string[]) => parts.join(' / ');
  uniqueBy(file('matches'), tables.matches, (m) => m.match_id, 'match_id');
  uniqueBy(file('lineups'), tables.lineups, (l) => key(l.match_id, l.player_id), 'squad-sheet entry (match / player)');
  uniqueBy(file('goals'), tables.goals, (g) => key(g.match_id, String(g.goal_number)), 'goal (match / goal_number)');
  uniqueBy(file('substitutions'), tables.substitutions, (s) => key(s.match_id, s.player_on_id), 'substitution (match / player on)');
  const matches = new Map(tables.matches.map((m) => [m.match_id, m]));
  const sheet = new Set(tables.lineups.map((l) => key(l.match_id, l.player_id)));
  const sheetTeam = new Map(tables.lineups.map((l) => [key(l.match_id, l.player_id), l.team_id]));
  mustReference(file('lineups'), tables.lineups, (l) => l.match_id, new Set(matches.keys()), 'match_id');
  mustReference(file('goals'), tables.goals, (g) => g.match_id, new Set(matches.keys()), 'match_id');
  mustReference(file('substitutions'), tables.substitutions, (s) => s.match_id, new Set(matches.keys()), 'match_id');
  const plays = (matchKey: string, team: string) => {
    const m = matches.get(matchKey)!;
    return team === m.home_team_id || team === m.away_team_id;
  };
  everyRow(file('lineups'), tables.lineups, (l) => (plays(l.match_id, l.team_id) ? null : `team_id ${l.team_id} does not play in match ${l.match_id}`));
  everyRow(file('goals'), tables.goals, (g) => {
    if (!plays(g.match_id, g.scoring_team_id)) return `scoring_team_id ${g.scoring_team_id} does not play in match ${g.match_id}`;
    for (const [column, player] of [['scorer_id', g.scorer_id], ['assister_id', g.assister_id]] as const) {
      if (player !== null && !sheet.has(key(g.match_id, player))) return `${column} ${player} is not on the squad sheet of match ${g.match_id} (lineups.csv)`;
    }
    return null;
  });
  everyRow(file('substitutions'), tables.substitutions, (s) => {
    for (const [column, player] of [['player_off_id', s.player_off_id], ['player_on_id', s.player_on_id]] as const) {
      if (sheetTeam.get(key(s.match_id, player)) !== s.team_id) return `${column} ${player} is not on the squad sheet of team ${s.team_id} in match ${s.match_id}`;
    }
    return null;
  });
}
