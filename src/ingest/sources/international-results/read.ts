import { z } from 'zod';
import { readCsvTables, type CsvRow } from '../../reading/csv';
import type { DataLocation } from '../../reading/data-location';
import { everyRow, mustReference, uniqueBy } from '../../reading/validation';
import { calendarDate, LIMITS, nonBlank, wholeNumber } from '../../reading/value-rules';


const bool = z.enum(['TRUE', 'FALSE']).transform((value) => value === 'TRUE');
const goals = wholeNumber(LIMITS.goals);
/** Minutes with the stoppage time folded in: 120 and the longest stoppage time. */
const FOLDED_MINUTE = { min: LIMITS.minute.min, max: LIMITS.minute.max + LIMITS.addedTime.max };
/** A goal's minute, stoppage time folded in (90+3 is 93), or NA where the list does not know it. */
const minute = z.union([z.literal('NA').transform(() => null), wholeNumber(FOLDED_MINUTE)], 'must be a minute from 1 to 150, or NA');
const fixture = { date: calendarDate, home_team: nonBlank, away_team: nonBlank };

const TABLES = {
  results: { ...fixture, home_score: goals, away_score: goals, tournament: nonBlank, city: z.string(), country: z.string() },
  goalscorers: { ...fixture, team: nonBlank, scorer: nonBlank, minute, own_goal: bool, penalty: bool },
  shootouts: { ...fixture, winner: nonBlank },
  former_names: { current: nonBlank, former: nonBlank, start_date: calendarDate, end_date: calendarDate },
};
type Tables = { [K in keyof typeof TABLES]: Array<CsvRow<(typeof TABLES)[K]>> };
export type InternationalResults = Tables & { rowCount: number; orphanShootouts: number };
export type ResultRow = Tables['results'][number];

export const fixtureKey = (row: { date: string; home_team: string; away_team: string }) => `${row.date}|${row.home_team}|${row.away_team}`;

/** Reads the four files and checks every row, and every reference between them, before anything is built. */
export async function readInternationalResults(location: DataLocation): Promise<InternationalResults> {
  const tables = await readCsvTables(location, TABLES);
  const file = (name: keyof typeof TABLES) => location.describe(`${name}.csv`);
  everyRow(file('results'), tables.results, (r) => (r.home_team === r.away_team ? `a team cannot play itself (${r.home_team})` : null));
  // Two matches of one day between the same teams (Tahiti v New Caledonia, 1974) are both kept;
  // a goal or shoot-out could not tell which it belongs to.
  const counted = new Map<string, number>();
  for (const key of tables.results.map(fixtureKey)) counted.set(key, (counted.get(key) ?? 0) + 1);
  const matches = new Set([...counted].filter(([, n]) => n === 1).map(([key]) => key));
  mustReference(file('goalscorers'), tables.goalscorers, fixtureKey, matches, 'match (date, home team, away team), or one of two such matches');
  everyRow(file('goalscorers'), tables.goalscorers, (g) =>
    g.team === g.home_team || g.team === g.away_team ? null : `team ${JSON.stringify(g.team)} is neither side of the match`);
  uniqueBy(file('shootouts'), tables.shootouts, fixtureKey, 'shoot-out');
  everyRow(file('shootouts'), tables.shootouts, (s) =>
    s.winner !== s.home_team && s.winner !== s.away_team ? `winner ${JSON.stringify(s.winner)} is neither side of the match` : null);
  everyRow(file('former_names'), tables.former_names, (f) => (f.start_date > f.end_date ? 'start_date is after end_date' : null));
  const rowCount = Object.values(tables).reduce((n, rows) => n + rows.length, 0);
  // The list has a shoot-out of a match it lacks (Saare County v Åland Islands, 2011): reported, not refused.
  const orphanShootouts = tables.shootouts.filter((s) => !matches.has(fixtureKey(s))).length;
  return { ...tables, rowCount, orphanShootouts };
}
