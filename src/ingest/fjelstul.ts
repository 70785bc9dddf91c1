import { z } from 'zod';
import {
  emptyBundle,
  type AppearanceRecord,
  type BookingRecord,
  type FactBundle,
  type GoalRecord,
  type SourceRecord,
  type SubstitutionRecord,
} from '../graph/bundle';
import {
  bookingId,
  cityId,
  goalId,
  matchId,
  playOffMatchId,
  refereeId,
  slugify,
  stageId,
  substitutionId,
  teamId,
  tournamentId,
  type Gender,
  type StageSlug,
} from '../graph/identity';
import { AWARDS, PERIODS, POSITIONS, type Card, type Period, WOMENS_WORLD_CUP, WORLD_CUP } from '../graph/vocabulary';
import { readCsvTables, type CsvRow } from './csv';
import type { DataLocation } from './data-location';
import { checkFjelstulIntegrity } from './fjelstul-integrity';
import type { PersonResolver } from './person-resolver';
import { canonicalTeamName } from './team-names';
import { stageRecords } from './stages';
import { countSubstitutions } from './substitution-count';
import { pitchTime } from './match-clock';
import { MalformedFileError } from './validation';
import { calendarDate, LIMITS, nonBlank, timeOfDay, wholeNumber } from './value-rules';

export const FJELSTUL_SOURCE: SourceRecord = {
  id: 'fjelstul-worldcup',
  title: 'The Fjelstul World Cup Database',
  kind: 'dataset',
  publisher: 'Joshua C. Fjelstul, Ph.D.',
  url: 'https://www.github.com/jfjelstul/worldcup',
  licence: 'CC-BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/legalcode)',
  attribution:
    '© 2023 Joshua C. Fjelstul, Ph.D. The Fjelstul World Cup Database, https://www.github.com/jfjelstul/worldcup, ' +
    'licensed under CC-BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/legalcode). ' +
    'Modified: merged with openfootball data and match reports into this knowledge graph.',
};
const SOURCES = [FJELSTUL_SOURCE.id];

// Column types, as the codebook (codebook-variables.csv) defines them.
const text = z.string();
const required = nonBlank;
const bool = z.enum(['0', '1']).transform((value) => value === '1');
const isoDate = calendarDate;
const dateOrUnknown = z.union([z.enum(['not available', '']).transform(() => null), isoDate], 'must be a real date YYYY-MM-DD or "not available"');
const orNA = <T extends z.ZodType>(schema: T) => z.union([z.literal('NA').transform(() => null), schema]);
const minute = wholeNumber(LIMITS.minute);
const addedTime = wholeNumber(LIMITS.addedTime);
const goals = wholeNumber(LIMITS.goals);
const notApplicable = (value: string) => (value === 'not applicable' || value === '' ? null : value);
const id = (prefix: string) => z.string().regex(new RegExp(`^${prefix}-\\d+(-\\d+)?$`), `must be an id like ${prefix}-0001`);

const STAGES: Record<string, StageSlug> = {
  'group stage': 'group-stage',
  'second group stage': 'second-group-stage',
  'final round': 'final-round',
  'round of 16': 'round-of-16',
  'quarter-final': 'quarter-final',
  'quarter-finals': 'quarter-final',
  'semi-final': 'semi-final',
  'semi-finals': 'semi-final',
  'third-place match': 'third-place',
  final: 'final',
};
const stage = z.string().refine((v) => v in STAGES, { message: `must be one of: ${Object.keys(STAGES).join(', ')}` })
  .transform((v) => STAGES[v]!);

const PERIOD_NAMES: Record<string, Period> = {
  'first half': 'first-half',
  'first half, stoppage time': 'first-half',
  'second half': 'second-half',
  'second half, stoppage time': 'second-half',
  'extra time, first half': 'extra-time-first-half',
  'extra time, first half, stoppage time': 'extra-time-first-half',
  'extra time, second half': 'extra-time-second-half',
  'extra time, second half, stoppage time': 'extra-time-second-half',
};
const period = z.string().refine((v) => v in PERIOD_NAMES, { message: `must be one of: ${Object.keys(PERIOD_NAMES).join(', ')}` })
  .transform((v) => PERIOD_NAMES[v]!);

const gender = z.string().regex(/FIFA (Men's|Women's) World Cup/, "must name a FIFA Men's or Women's World Cup")
  .transform((name): Gender => (name.includes("Women's") ? 'WOMEN' : 'MEN'));

const confederation = z.enum(['AFC', 'CAF', 'CONCACAF', 'CONMEBOL', 'OFC', 'UEFA']);

/** The files read and the columns used from each; the others are ignored. */
const TABLES = {
  tournaments: {
    tournament_id: id('WC'), tournament_name: gender, year: wholeNumber(LIMITS.year), start_date: isoDate, end_date: isoDate, winner: required,
  },
  host_countries: { tournament_id: id('WC'), team_id: id('T'), team_name: required },
  tournament_stages: { tournament_id: id('WC'), stage_name: stage },
  teams: { team_id: id('T'), team_name: required, confederation_code: confederation },
  stadiums: {
    stadium_id: id('S'), stadium_name: required, city_name: required, country_name: required, stadium_capacity: orNA(wholeNumber(LIMITS.capacity)),
  },
  matches: {
    tournament_id: id('WC'), match_id: id('M'), stage_name: stage, group_name: text, replay: bool, match_date: isoDate,
    match_time: timeOfDay, stadium_id: id('S'),
    home_team_id: id('T'), home_team_name: required, away_team_id: id('T'), away_team_name: required,
    home_team_score: goals, away_team_score: goals, extra_time: bool, penalty_shootout: bool,
    home_team_score_penalties: orNA(wholeNumber(LIMITS.penalties)), away_team_score_penalties: orNA(wholeNumber(LIMITS.penalties)), home_team_win: bool, away_team_win: bool,
  },
  players: { player_id: id('P'), family_name: required, given_name: required, birth_date: dateOrUnknown },
  squads: { tournament_id: id('WC'), team_id: id('T'), player_id: id('P'), shirt_number: wholeNumber(LIMITS.shirtNumber), position_code: z.enum(POSITIONS) },
  goals: {
    goal_id: id('G'), match_id: id('M'), team_id: id('T'), player_id: id('P'), player_team_id: id('T'),
    minute_regulation: minute, minute_stoppage: addedTime, match_period: period, own_goal: bool, penalty: bool,
  },
  substitutions: {
    substitution_id: id('S'), match_id: id('M'), team_id: id('T'), player_id: id('P'),
    minute_regulation: minute, minute_stoppage: addedTime, match_period: period, going_off: bool, coming_on: bool,
  },
  player_appearances: {
    match_id: id('M'), team_id: id('T'), player_id: id('P'), shirt_number: wholeNumber(LIMITS.shirtNumber),
    position_code: z.string().regex(/^[A-Z]{2,3}$/, 'must be a position code such as GK, CB or LWB'), starter: bool, substitute: bool,
  },
  managers: { manager_id: id('M'), family_name: required, given_name: required, country_name: required },
  referees: { referee_id: id('R'), family_name: required, given_name: required, country_name: required, confederation_code: confederation },
  // One row per match: the referee in charge.
  referee_appearances: { match_id: id('M'), referee_id: id('R') },
  manager_appearances: { match_id: id('M'), team_id: id('T'), manager_id: id('M') },
  bookings: {
    booking_id: id('B'), match_id: id('M'), team_id: id('T'), player_id: id('P'), minute_regulation: minute, minute_stoppage: addedTime,
    match_period: period,
    yellow_card: bool, red_card: bool, second_yellow_card: bool,
  },
  awards: { award_id: id('A'), award_name: z.enum(AWARDS) },
  award_winners: { tournament_id: id('WC'), award_id: id('A'), shared: bool, player_id: id('P'), team_id: id('T') },
} satisfies Record<string, z.ZodRawShape>;

export type FjelstulTables = { [K in keyof typeof TABLES]: Array<CsvRow<(typeof TABLES)[K]>> };

/**
 * Reads and validates every file before anything else happens: each row on its own, then keys,
 * references and agreement between files. The first bad row rejects the import.
 */
export async function readFjelstul(location: DataLocation): Promise<FjelstulTables & { rowCount: number }> {
  const tables: FjelstulTables = await readCsvTables(location, TABLES);
  checkFjelstulIntegrity(tables, location.describe);
  const rowCount = Object.values(tables).reduce((sum, rows) => sum + rows.length, 0);
  return { ...(tables as FjelstulTables), rowCount };
}

/** "Given Family", or the one name a player is known by (given name "not applicable"). */
function displayName(row: { given_name: string; family_name: string }): { name: string; aliases: string[] } {
  const given = notApplicable(row.given_name);
  if (!given) return { name: row.family_name, aliases: [] };
  return { name: `${given} ${row.family_name}`, aliases: [`${row.family_name}, ${given}`] };
}

/**
 * Turns validated Fjelstul tables into a bundle. People go through `resolver`, so that a player of
 * 2022 and the same player from another source or an earlier import are one node. A reference to a
 * key another file lacks (a goal's unknown player) rejects the import like a bad value does.
 */
export function buildFjelstulBundle(tables: FjelstulTables, resolver: PersonResolver, location: DataLocation): FactBundle {
  const bundle = emptyBundle();
  bundle.sources.push(FJELSTUL_SOURCE);
  const lookup = <T>(map: Map<string, T>, key: string, file: string, line: number, what: string): T => {
    const found = map.get(key);
    if (found === undefined) throw new MalformedFileError(location.describe(file), line, `unknown ${what} ${key}`);
    return found;
  };

  const tournaments = new Map(tables.tournaments.map((t) => [t.tournament_id, { ...t, id: tournamentId(t.year, t.tournament_name) }]));
  const teamNames = new Map(tables.teams.map((t) => [t.team_id, t]));
  const teamRecords = new Map<string, FactBundle['teams'][number]>();
  /** The graph id of a Fjelstul team in a men's or women's tournament: the two never share a node. */
  const team = (fjelstulId: string, teamGender: Gender, file: string, line: number): string => {
    const row = lookup(teamNames, fjelstulId, file, line, 'team_id');
    const name = canonicalTeamName(row.team_name);
    const idOf = teamId(name, teamGender);
    if (!teamRecords.has(idOf)) {
      teamRecords.set(idOf, {
        id: idOf, name, gender: teamGender, confederation: row.confederation_code || null, aliases: [row.team_name], sources: SOURCES,
      });
    }
    return idOf;
  };

  const hosts = new Map<string, string[]>();
  for (const host of tables.host_countries) hosts.set(host.tournament_id, [...(hosts.get(host.tournament_id) ?? []), host.team_name]);
  const teamByName = new Map(tables.teams.map((t) => [t.team_name, t.team_id]));
  for (const t of tournaments.values()) {
    const winner = teamByName.get(t.winner);
    bundle.tournaments.push({
      id: t.id, year: t.year, gender: t.tournament_name, name: `${t.year} FIFA ${t.tournament_name === 'WOMEN' ? "Women's" : "Men's"} World Cup`,
      hosts: hosts.get(t.tournament_id) ?? [], startDate: t.start_date, endDate: t.end_date,
      winnerTeamId: winner ? team(winner, t.tournament_name, 'tournaments.csv', t.line) : null, sources: SOURCES,
    });
  }
  const tournamentOf = (key: string, file: string, line: number) => lookup(tournaments, key, file, line, 'tournament_id');

  const venues = venueIds(tables.stadiums);
  for (const s of tables.stadiums) {
    const city = cityId(s.city_name, s.country_name);
    if (!bundle.cities.some((c) => c.id === city)) {
      bundle.cities.push({ id: city, name: s.city_name, country: s.country_name, aliases: [], sources: SOURCES });
    }
    const venue = venues.get(s.stadium_id)!;
    if (!bundle.venues.some((v) => v.id === venue)) {
      bundle.venues.push({ id: venue, name: s.stadium_name, cityId: city, capacity: s.stadium_capacity, aliases: [], sources: SOURCES });
    }
  }

  const stagesByTournament = new Map<string, Set<StageSlug>>();
  const addStage = (tournament: string, slug: StageSlug) =>
    stagesByTournament.set(tournament, (stagesByTournament.get(tournament) ?? new Set()).add(slug));
  for (const s of tables.tournament_stages) addStage(tournamentOf(s.tournament_id, 'tournament_stages.csv', s.line).id, s.stage_name);

  // Goals first: the score after 90 minutes of an extra-time match is counted from them.
  const goalsByMatch = groupBy(tables.goals, (g) => g.match_id);
  const referees = new Map(tables.referees.map((r) => [r.referee_id, refereeId(displayName(r).name)]));
  for (const r of tables.referees) {
    bundle.referees.push({ id: referees.get(r.referee_id)!, ...displayName(r), country: r.country_name, confederation: r.confederation_code, sources: SOURCES });
  }
  const refereeOfMatch = new Map(tables.referee_appearances.map((a) =>
    [a.match_id, lookup(referees, a.referee_id, 'referee_appearances.csv', a.line, 'referee_id')]));
  const matches = new Map<string, { id: string; gender: Gender; homeTeamId: string; awayTeamId: string; extraTime: boolean }>();
  const seen = new Set<string>();
  for (const m of tables.matches) {
    const t = tournamentOf(m.tournament_id, 'matches.csv', m.line);
    const home = team(m.home_team_id, t.tournament_name, 'matches.csv', m.line);
    const away = team(m.away_team_id, t.tournament_name, 'matches.csv', m.line);
    const homeName = canonicalTeamName(teamNames.get(m.home_team_id)!.team_name);
    const awayName = canonicalTeamName(teamNames.get(m.away_team_id)!.team_name);
    let idOf = matchId(t.id, m.stage_name, homeName, awayName, m.replay);
    // 1954 and 1958 had group play-offs between teams that had already met in the group.
    if (seen.has(idOf)) idOf = playOffMatchId(idOf);
    seen.add(idOf);
    addStage(t.id, m.stage_name);
    const regulation = (m.extra_time ? goalsByMatch.get(m.match_id) ?? [] : []).filter((g) => !g.match_period.startsWith('extra'));
    matches.set(m.match_id, { id: idOf, gender: t.tournament_name, homeTeamId: home, awayTeamId: away, extraTime: m.extra_time });
    bundle.matches.push({
      id: idOf, tournamentId: t.id, stageId: stageId(t.id, m.stage_name), stage: m.stage_name,
      competition: t.tournament_name === 'WOMEN' ? WOMENS_WORLD_CUP : WORLD_CUP, group: notApplicable(m.group_name), date: m.match_date, kickoff: m.match_time,
      venueId: lookup(venues, m.stadium_id, 'matches.csv', m.line, 'stadium_id'),
      refereeId: refereeOfMatch.get(m.match_id) ?? null,
      homeTeamId: home, awayTeamId: away, homeScore: m.home_team_score, awayScore: m.away_team_score,
      homeScore90: m.extra_time ? regulation.filter((g) => g.team_id === m.home_team_id).length : m.home_team_score,
      awayScore90: m.extra_time ? regulation.filter((g) => g.team_id === m.away_team_id).length : m.away_team_score,
      extraTime: m.extra_time,
      homePenalties: m.penalty_shootout ? m.home_team_score_penalties : null,
      awayPenalties: m.penalty_shootout ? m.away_team_score_penalties : null,
      winnerTeamId: m.home_team_win ? home : m.away_team_win ? away : null,
      replay: m.replay, sources: SOURCES,
    });
  }
  for (const [tournament, slugs] of stagesByTournament) bundle.stages.push(...stageRecords(tournament, slugs, SOURCES));
  const matchOf = (key: string, file: string, line: number) => lookup(matches, key, file, line, 'match_id');
  for (const a of tables.referee_appearances) matchOf(a.match_id, 'referee_appearances.csv', a.line);

  // People: teams first (the namesake tie-breaker), youngest first so that a modern player keeps the
  // plain slug that match reports and openfootball also produce.
  const playerTeams = new Map<string, Set<string>>();
  const placePlayer = (player: string, teamOf: string) => playerTeams.set(player, (playerTeams.get(player) ?? new Set()).add(teamOf));
  const squadTeam = tables.squads.map((s) => {
    const teamOf = team(s.team_id, tournamentOf(s.tournament_id, 'squads.csv', s.line).tournament_name, 'squads.csv', s.line);
    placePlayer(s.player_id, teamOf);
    return teamOf;
  });
  const players = new Map(tables.players.map((p) => [p.player_id, p]));
  const personIds = new Map<string, string>();
  const byAge = [...tables.players].sort((a, b) => (b.birth_date ?? '').localeCompare(a.birth_date ?? '') || a.player_id.localeCompare(b.player_id));
  for (const p of byAge) {
    personIds.set(p.player_id, resolver.resolve({
      ...displayName(p), birthDate: p.birth_date, teamIds: [...(playerTeams.get(p.player_id) ?? [])],
      role: 'Player', sourceId: FJELSTUL_SOURCE.id, ...keyed('players', p.player_id),
    }));
  }
  const personOf = (key: string, file: string, line: number) => {
    lookup(players, key, file, line, 'player_id');
    return personIds.get(key)!;
  };

  tables.squads.forEach((s, index) => {
    bundle.squads.push({
      playerId: personOf(s.player_id, 'squads.csv', s.line), teamId: squadTeam[index]!,
      tournamentId: tournamentOf(s.tournament_id, 'squads.csv', s.line).id,
      // Shirt numbers were not worn before 1954; the file codes them 0.
      shirtNumber: s.shirt_number > 0 ? s.shirt_number : null, position: s.position_code, sources: SOURCES,
    });
  });

  /** Each match's rows of a file in the order they happened, numbered from 1 (goal and booking ids). */
  const inMatchOrder = <T extends MatchEventRow>(rows: readonly T[], file: string) =>
    [...groupBy(rows, (r) => r.match_id)].flatMap(([key, group]) => {
      const match = matchOf(key, file, group[0]!.line);
      return [...group].sort(byMatchClock).map((row, index) => ({ row, match, sequence: index + 1 }));
    });

  for (const { row: g, match, sequence } of inMatchOrder(tables.goals, 'goals.csv')) {
    const goal: GoalRecord = {
      id: goalId(match.id, sequence), matchId: match.id, teamId: team(g.team_id, match.gender, 'goals.csv', g.line),
      scorerId: personOf(g.player_id, 'goals.csv', g.line), sequence, minute: g.minute_regulation,
      addedTime: g.minute_stoppage > 0 ? g.minute_stoppage : null, period: g.match_period,
      penalty: g.penalty, ownGoal: g.own_goal, sources: SOURCES,
    };
    bundle.goals.push(goal);
  }

  for (const { row: b, match, sequence } of inMatchOrder(tables.bookings, 'bookings.csv')) {
    bundle.bookings.push({
      id: bookingId(match.id, sequence), matchId: match.id, teamId: team(b.team_id, match.gender, 'bookings.csv', b.line),
      playerId: personOf(b.player_id, 'bookings.csv', b.line), sequence, minute: b.minute_regulation,
      addedTime: b.minute_stoppage > 0 ? b.minute_stoppage : null, period: b.match_period,
      card: cardOf(b, location.describe('bookings.csv')), sources: SOURCES,
    });
  }

  const awardNames = new Map(tables.awards.map((a) => [a.award_id, a.award_name]));
  for (const w of tables.award_winners) {
    const t = tournamentOf(w.tournament_id, 'award_winners.csv', w.line);
    bundle.awards.push({
      playerId: personOf(w.player_id, 'award_winners.csv', w.line), tournamentId: t.id,
      award: lookup(awardNames, w.award_id, 'award_winners.csv', w.line, 'award_id'),
      teamId: team(w.team_id, t.tournament_name, 'award_winners.csv', w.line), shared: w.shared, sources: SOURCES,
    });
  }

  const { substitutions, appearances } = pairSubstitutions(tables.substitutions, (row) => ({
    match: matchOf(row.match_id, 'substitutions.csv', row.line),
    player: personOf(row.player_id, 'substitutions.csv', row.line),
  }), team);
  bundle.substitutions.push(...substitutions);
  countSubstitutions(bundle);
  const lineups = tables.player_appearances.map((row) => ({
    row, match: matchOf(row.match_id, 'player_appearances.csv', row.line), player: personOf(row.player_id, 'player_appearances.csv', row.line),
  }));
  bundle.appearances.push(...timedAppearances(
    appearances,
    lineups.map(({ row, match, player }) => ({
      matchId: match.id, playerId: player, teamId: team(row.team_id, match.gender, 'player_appearances.csv', row.line), starter: row.starter,
      // Shirt numbers were not worn before 1954; the file codes them 0.
      shirtNumber: row.shirt_number > 0 ? row.shirt_number : null, position: row.position_code, sources: SOURCES,
    })),
    bundle.bookings,
    new Set([...matches.values()].filter((m) => m.extraTime).map((m) => m.id)),
  ));

  const managed = groupBy(tables.manager_appearances, (a) => a.manager_id);
  const managers = new Map(tables.managers.map((m) => [m.manager_id, m]));
  for (const a of tables.manager_appearances) lookup(managers, a.manager_id, 'manager_appearances.csv', a.line, 'manager_id');
  for (const m of tables.managers) {
    const rows = managed.get(m.manager_id) ?? [];
    const teams = rows.map((a) => team(a.team_id, matchOf(a.match_id, 'manager_appearances.csv', a.line).gender, 'manager_appearances.csv', a.line));
    const coach = resolver.resolve({
      ...displayName(m), birthDate: null, teamIds: [...new Set(teams)], role: 'Coach', nationality: m.country_name,
      sourceId: FJELSTUL_SOURCE.id, ...keyed('managers', m.manager_id),
    });
    rows.forEach((a, index) => {
      bundle.coachings.push({ coachId: coach, teamId: teams[index]!, matchId: matchOf(a.match_id, 'manager_appearances.csv', a.line).id, sources: SOURCES });
    });
  }

  bundle.teams.push(...teamRecords.values());
  bundle.people.push(...resolver.records());
  return bundle;
}

/**
 * Every appearance of the line-ups (player_appearances.csv), completed by what the substitutions
 * tell (minute on and off; before 1970 they are all there is) and the sendings-off, with the
 * minutes played by the one rule of `pitchTime`.
 */
function timedAppearances(
  fromSubstitutions: readonly AppearanceRecord[],
  lineups: readonly AppearanceRecord[],
  bookings: readonly BookingRecord[],
  extraTimeMatches: ReadonlySet<string>,
): AppearanceRecord[] {
  const key = (a: { matchId: string; playerId: string }) => `${a.matchId}|${a.playerId}`;
  const appearances = new Map(fromSubstitutions.map((a) => [key(a), { ...a }]));
  for (const lineup of lineups) {
    const substituted = appearances.get(key(lineup));
    // A line-up listing as a starter a player whom the substitutions bring on (Yankey, England v
    // Argentina 2007) contradicts the row with a minute, the more specific of the two.
    const cameOn = (substituted?.minuteOn ?? null) !== null;
    appearances.set(key(lineup), {
      ...lineup, starter: lineup.starter && !cameOn, minuteOn: substituted?.minuteOn ?? null, minuteOff: substituted?.minuteOff ?? null,
    });
  }
  const sentOff = new Map<string, number>();
  for (const b of bookings) {
    if (b.card !== 'yellow') sentOff.set(key(b), Math.min(b.minute, sentOff.get(key(b)) ?? b.minute));
  }
  return [...appearances.values()].map((a) => ({
    ...a,
    ...pitchTime(a.starter, { cameOn: a.minuteOn, wentOff: a.minuteOff, sentOff: sentOff.get(key(a)) }, extraTimeMatches.has(a.matchId)),
  }));
}

type MatchEventRow = { match_id: string; match_period: Period; minute_regulation: number; minute_stoppage: number; line: number };

/** File order breaks ties: two events in the same minute keep the order the data set gives them. */
function byMatchClock(a: MatchEventRow, b: MatchEventRow): number {
  return PERIODS.indexOf(a.match_period) - PERIODS.indexOf(b.match_period) ||
    a.minute_regulation - b.minute_regulation || a.minute_stoppage - b.minute_stoppage || a.line - b.line;
}

/**
 * The flags overlap: a second yellow is also flagged yellow, and 16 sendings-off are flagged both
 * yellow and red with no earlier booking of the player. Hence the precedence: second yellow, red, yellow.
 */
function cardOf(row: FjelstulTables['bookings'][number], file: string): Card {
  if (row.second_yellow_card) return 'second-yellow';
  if (row.red_card) return 'red';
  if (row.yellow_card) return 'yellow';
  throw new MalformedFileError(file, row.line, 'yellow_card, red_card, second_yellow_card: a booking must flag one card');
}

/**
 * A stadium's id is the slug of its name; where one name belongs to stadiums in different cities
 * (two Olympiastadions, 1974) each gets its city appended. Rows listing the same stadium twice
 * (men's and women's tournaments) share one id.
 */
function venueIds(stadiums: FjelstulTables['stadiums']): Map<string, string> {
  const cities = new Map<string, Set<string>>();
  for (const s of stadiums) cities.set(slugify(s.stadium_name), (cities.get(slugify(s.stadium_name)) ?? new Set()).add(cityId(s.city_name, s.country_name)));
  return new Map(stadiums.map((s) => {
    const slug = slugify(s.stadium_name);
    return [s.stadium_id, cities.get(slug)!.size > 1 ? `${slug}-${slugify(s.city_name)}` : slug];
  }));
}

/**
 * The file lists each player going off and each player coming on as separate rows; a substitution
 * pairs them by team and minute, in file order. What the rows also tell about appearances: a
 * player coming on was not a starter, one going off without having come on was. The line-ups
 * (player_appearances.csv, from 1970) add the starters who played to the end.
 */
function pairSubstitutions(
  rows: FjelstulTables['substitutions'],
  resolve: (row: FjelstulTables['substitutions'][number]) => { match: { id: string; gender: Gender }; player: string },
  team: (fjelstulId: string, gender: Gender, file: string, line: number) => string,
): { substitutions: SubstitutionRecord[]; appearances: AppearanceRecord[] } {
  const substitutions: SubstitutionRecord[] = [];
  const appearances = new Map<string, AppearanceRecord>();
  const moments = groupBy(rows, (r) => `${r.match_id}|${r.team_id}|${r.match_period}|${r.minute_regulation}|${r.minute_stoppage}`);
  for (const group of moments.values()) {
    const resolved = group.map((row) => {
      const ids = resolve(row);
      return { row, ...ids, teamOf: team(row.team_id, ids.match.gender, 'substitutions.csv', row.line) };
    });
    const off = resolved.filter((r) => r.row.going_off);
    // A player cannot replace herself: a coming-on row for a player going off at that moment
    // (Nécib, France v Sweden 2011, beside Deville coming on) is the file's slip, not a substitution.
    const goingOff = new Set(off.map((r) => r.player));
    const on = resolved.filter((r) => r.row.coming_on && !goingOff.has(r.player));
    on.forEach((entry, index) => {
      const { row } = entry;
      substitutions.push({
        id: substitutionId(entry.match.id, entry.player), matchId: entry.match.id, teamId: entry.teamOf,
        playerOnId: entry.player, playerOffId: off[index]?.player ?? null, minute: row.minute_regulation,
        addedTime: row.minute_stoppage > 0 ? row.minute_stoppage : null, period: row.match_period, sources: SOURCES,
      });
    });
    for (const entry of resolved) {
      const key = `${entry.match.id}|${entry.player}`;
      const appearance = appearances.get(key) ?? {
        matchId: entry.match.id, playerId: entry.player, teamId: entry.teamOf, starter: true, sources: SOURCES,
      };
      if (entry.row.coming_on && !goingOff.has(entry.player)) {
        appearance.starter = false;
        appearance.minuteOn = entry.row.minute_regulation;
      }
      if (entry.row.going_off) appearance.minuteOff = entry.row.minute_regulation;
      appearances.set(key, appearance);
    }
  }
  return { substitutions, appearances: [...appearances.values()] };
}

function keyed(file: 'players' | 'managers', key: string): { keySpace: string; ref: string } {
  const keySpace = `${FJELSTUL_SOURCE.id}/${file}`;
  return { keySpace, ref: `${keySpace}:${key}` };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
