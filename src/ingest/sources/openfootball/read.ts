import type { z } from 'zod';
import type { DataLocation } from '../../reading/data-location';
import { findUnreadableText, formatPath, MalformedFileError, validateRecord } from '../../reading/validation';
import { fixturesSchema, matchSchema, squadsSchema, stadiumsSchema, teamsSchema, type OpenfootballYear } from './files';
import { checkOpenfootballYear } from './integrity';

/** The years imported when none are named: the tournament no other data set covers. */
export const DEFAULT_OPENFOOTBALL_YEARS = [2026];

/**
 * Reads and validates `{year}/worldcup.json` and, where present, the year's teams, squads and
 * stadiums files. Every match and every goal is checked before anything is built.
 */
export async function readOpenfootball(location: DataLocation, years: readonly number[]): Promise<{ years: OpenfootballYear[]; rowCount: number }> {
  const read = async <T>(file: string, schema: z.ZodType<T>): Promise<T | null> => {
    if (!(await location.exists(file))) return null;
    const where = location.describe(file);
    let json: unknown;
    try {
      json = JSON.parse(await location.readText(file));
    } catch (error) {
      throw new MalformedFileError(where, null, `not valid JSON: ${(error as Error).message}`);
    }
    const unreadable = findUnreadableText(json);
    if (unreadable) throw new MalformedFileError(where, null, unreadable.reason, formatPath(unreadable.path));
    return validateRecord(where, schema, { line: null, where: null, value: json });
  };
  const result = await Promise.all(years.map(async (year): Promise<OpenfootballYear> => {
    const fixturesFile = `${year}/worldcup.json`;
    const fixtures = await read(fixturesFile, fixturesSchema);
    if (!fixtures) throw new MalformedFileError(location.describe(fixturesFile), null, `missing: no fixtures for ${year}`);
    const matches = fixtures.matches.map((value, index) =>
      validateRecord(location.describe(fixturesFile), matchSchema, { line: null, where: `matches[${index}]`, value }));
    const stadiums = await read(`${year}/worldcup.stadiums.json`, stadiumsSchema);
    const data: OpenfootballYear = {
      year,
      matches,
      teams: await read(`${year}/worldcup.teams.json`, teamsSchema),
      squads: await read(`${year}/worldcup.squads.json`, squadsSchema),
      stadiums: stadiums?.stadiums ?? null,
    };
    checkOpenfootballYear(data, (file) => location.describe(`${year}/${file}`));
    return data;
  }));
  const rowCount = result.reduce((sum, y) =>
    sum + y.matches.reduce((n, m) => n + 1 + (m.goals1?.length ?? 0) + (m.goals2?.length ?? 0), 0) +
    (y.teams?.length ?? 0) + (y.stadiums?.length ?? 0) + (y.squads?.reduce((n, t) => n + t.players.length, 0) ?? 0), 0);
  return { years: result, rowCount };
}
