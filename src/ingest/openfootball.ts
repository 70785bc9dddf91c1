import { z } from 'zod';
import { scoreWinner } from '../graph/analytics/match-results';
import { emptyBundle, type FactBundle, type GoalRecord, type SourceRecord } from '../graph/bundle';
import { cityId, goalId, matchId, nameKeys, slugify, stageId, teamId, tournamentId, type StageSlug } from '../graph/identity';
import { PERIODS, POSITIONS, WORLD_CUP } from '../graph/vocabulary';
import type { DataLocation } from './data-location';
import type { PersonResolver } from './person-resolver';
import { canonicalTeamName } from './team-names';
import { readMatchClock } from './match-clock';
import { checkOpenfootballYear } from './openfootball-integrity';
import { stageRecords } from './stages';
import { formatPath } from './seed-error';
import { findUnreadableText, MalformedFileError, validateRecord } from './validation';
import { calendarDate, count, LIMITS, matchMinute, nonBlank, timeWithOffset } from './value-rules';

export const OPENFOOTBALL_SOURCE: SourceRecord = {
  id: 'openfootball-worldcup',
  title: 'openfootball worldcup.json: World Cup fixtures, results, goals, squads, teams and stadiums',
  kind: 'dataset',
  publisher: 'openfootball',
  url: 'https://github.com/openfootball/worldcup.json',
  licence: 'CC0 1.0 (public domain dedication, https://creativecommons.org/publicdomain/zero/1.0/)',
  attribution: 'openfootball worldcup.json, dedicated to the public domain (CC0 1.0); no attribution required.',
};
const SOURCES = [OPENFOOTBALL_SOURCE.id];

/** The years imported when none are named: the tournament no other data set covers. */
export const DEFAULT_OPENFOOTBALL_YEARS = [2026];

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

const matchSchema = z.object({
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
const fixturesSchema = z.object({ name: z.string(), matches: z.array(z.unknown()).min(1, 'must list at least one match') });
const teamsSchema = z.array(z.object({
  name: nonBlank, name_normalised: z.string().optional(), fifa_code: z.string().optional(), confed: z.string().optional(),
})).min(1, 'must list at least one team');
const squadsSchema = z.array(z.object({
  name: nonBlank,
  players: z.array(z.object({
    number: count(LIMITS.shirtNumber).optional(),
    pos: z.enum(POSITIONS).optional(),
    name: nonBlank,
    club: z.object({ name: z.string() }).optional(),
    date_of_birth: isoDate.optional(),
  })).min(1, 'a squad lists at least one player'),
})).min(1, 'must list at least one squad');
const stadiumsSchema = z.object({
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

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "New York/New Jersey (East Rutherford)": the stadium is in East Rutherford; the rest is an alias. */
function cityName(label: string): string {
  return /\(([^)]+)\)\s*$/.exec(label)?.[1]?.trim() ?? label.trim();
}

export function buildOpenfootballBundle(data: OpenfootballYear[], resolver: PersonResolver, location: DataLocation): FactBundle {
  const bundle = emptyBundle();
  bundle.sources.push(OPENFOOTBALL_SOURCE);
  for (const year of data) addYear(bundle, year, resolver, location);
  bundle.people.push(...resolver.records());
  return bundle;
}

function addYear(bundle: FactBundle, data: OpenfootballYear, resolver: PersonResolver, location: DataLocation): void {
  const fixturesFile = location.describe(`${data.year}/worldcup.json`);
  const tournament = tournamentId(data.year, 'MEN');
  const teams = new Map<string, FactBundle['teams'][number]>();
  const team = (name: string, extra: Partial<FactBundle['teams'][number]> = {}) => {
    const canonical = canonicalTeamName(name);
    const idOf = teamId(canonical, 'MEN');
    const record = teams.get(idOf) ?? { id: idOf, name: canonical, gender: 'MEN' as const, aliases: [], sources: SOURCES };
    Object.assign(record, extra);
    for (const alias of [name, ...(extra.aliases ?? [])]) if (!record.aliases.includes(alias)) record.aliases.push(alias);
    teams.set(idOf, record);
    return idOf;
  };
  for (const t of data.teams ?? []) {
    team(t.name, { code: t.fifa_code ?? null, confederation: t.confed ?? null, aliases: t.name_normalised ? [t.name_normalised] : [] });
  }

  // Venues: 2026 names a match's ground by the stadium's city label; older years by "Stadium, City".
  const venueByGround = new Map<string, string>();
  const hosts = new Set<string>();
  for (const s of placedStadiums(data)) {
    const country = regionNames.of(s.cc.toUpperCase()) ?? s.cc;
    hosts.add(country);
    const city = cityId(cityName(s.city), country);
    bundle.cities.push({ id: city, name: cityName(s.city), country, aliases: [s.city], sources: SOURCES });
    bundle.venues.push({ id: slugify(s.name), name: s.name, cityId: city, capacity: s.capacity ?? null, aliases: [], sources: SOURCES });
    venueByGround.set(s.city, slugify(s.name));
  }

  // Squads: the people of the tournament, and per team the names their goals are credited under.
  const squadNames = new Map<string, Map<string, string>>();
  for (const t of data.squads ?? []) {
    const teamOf = team(t.name);
    const names = squadNames.get(teamOf) ?? new Map<string, string>();
    squadNames.set(teamOf, names);
    for (const p of t.players) {
      const person = resolver.resolve({
        name: p.name, aliases: [], birthDate: p.date_of_birth ?? null, teamIds: [teamOf], role: 'Player', sourceId: OPENFOOTBALL_SOURCE.id,
        keySpace: `${OPENFOOTBALL_SOURCE.id}/squads`, ref: `${OPENFOOTBALL_SOURCE.id}/squads:${slugify(p.name)}:${p.date_of_birth ?? teamOf}`,
      });
      for (const key of nameKeys([p.name])) names.set(key, person);
      bundle.squads.push({
        playerId: person, teamId: teamOf, tournamentId: tournament, shirtNumber: p.number ?? null, position: p.pos ?? null,
        club: p.club?.name ?? null, sources: SOURCES,
      });
    }
  }
  /** A scorer by name within a team's squad; without a squad (older years) by name and team alone. */
  const scorer = (name: string, teamOf: string): string =>
    nameKeys([name]).map((key) => squadNames.get(teamOf)?.get(key)).find(Boolean) ??
    resolver.resolve({
      name, aliases: [], birthDate: null, teamIds: [teamOf], role: 'Player', sourceId: OPENFOOTBALL_SOURCE.id,
      keySpace: `${OPENFOOTBALL_SOURCE.id}/scorers`, ref: `${OPENFOOTBALL_SOURCE.id}/scorers:${teamOf}:${slugify(name)}`,
    });

  const stages = new Set<StageSlug>();
  let winner: string | null = null;
  data.matches.forEach((m, index) => {
    const home = team(m.team1);
    const away = team(m.team2);
    const idOf = matchId(tournament, m.round, canonicalTeamName(m.team1), canonicalTeamName(m.team2));
    stages.add(m.round);
    const final = m.score?.et ?? m.score?.ft;
    const penalties = m.score?.p;
    const decider = penalties ?? final;
    const matchWinner = decider ? scoreWinner(home, away, decider[0], decider[1]) : null;
    if (m.round === 'final') winner = matchWinner;
    // Older years name grounds without a stadium file; their venues come from Fjelstul.
    const venue = m.ground ? venueByGround.get(m.ground) ?? null : null;
    bundle.matches.push({
      id: idOf, tournamentId: tournament, stageId: stageId(tournament, m.round), stage: m.round, competition: WORLD_CUP,
      group: m.group ?? null, date: m.date, kickoff: m.time?.slice(0, 5) ?? null, venueId: venue,
      homeTeamId: home, awayTeamId: away, homeScore: final?.[0] ?? null, awayScore: final?.[1] ?? null,
      homeScore90: m.score?.ft[0] ?? null, awayScore90: m.score?.ft[1] ?? null, extraTime: m.score ? m.score.et !== undefined : null,
      homePenalties: penalties?.[0] ?? null, awayPenalties: penalties?.[1] ?? null, winnerTeamId: matchWinner, replay: false,
      sources: SOURCES,
    });
    const extraTime = m.score ? m.score.et !== undefined : undefined;
    const goals = [
      ...(m.goals1 ?? []).map((g, i) => ({ g, side: 'goals1', i, credited: home, opponent: away })),
      ...(m.goals2 ?? []).map((g, i) => ({ g, side: 'goals2', i, credited: away, opponent: home })),
    ].map((entry, order) => {
      let clock;
      try {
        clock = readMatchClock(entry.g.minute, extraTime);
      } catch (error) {
        throw new MalformedFileError(fixturesFile, null, (error as Error).message, `matches[${index}].${entry.side}[${entry.i}].minute`);
      }
      return { ...entry, clock, order };
    });
    goals.sort((a, b) => PERIODS.indexOf(a.clock.period) - PERIODS.indexOf(b.clock.period) ||
      a.clock.minute - b.clock.minute || (a.clock.addedTime ?? 0) - (b.clock.addedTime ?? 0) || a.order - b.order);
    goals.forEach(({ g, credited, opponent, clock }, n) => {
      const record: GoalRecord = {
        id: goalId(idOf, n + 1), matchId: idOf, teamId: credited,
        // An own goal is listed under the team it counts for, but scored by an opponent.
        scorerId: scorer(g.name, g.owngoal ? opponent : credited),
        sequence: n + 1, minute: clock.minute, addedTime: clock.addedTime, period: clock.period,
        penalty: g.penalty ?? false, ownGoal: g.owngoal ?? false, sources: SOURCES,
      };
      bundle.goals.push(record);
    });
  });

  bundle.teams.push(...teams.values());
  // Without a stadium file (years before 2026) no hosts are known; what the year does state is
  // reconciled with Fjelstul's fuller tournament in whichever order the two are imported.
  const dates = data.matches.map((m) => m.date).sort();
  bundle.tournaments.push({
    id: tournament, year: data.year, gender: 'MEN', name: `${data.year} FIFA Men's World Cup`, hosts: [...hosts],
    startDate: dates[0] ?? null, endDate: dates.at(-1) ?? null, winnerTeamId: winner, sources: SOURCES,
  });
  bundle.stages.push(...stageRecords(tournament, stages, SOURCES));
}
