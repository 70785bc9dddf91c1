import {
  emptyBundle,
  type AppearanceRecord,
  type BookingRecord,
  type FactBundle,
  type GoalRecord,
  type SourceRecord,
  type SubstitutionRecord,
} from '../../../graph/model/bundle';
import {
  cityId,
  goalId,
  matchId,
  playOffMatchId,
  slugify,
  stageId,
  substitutionId,
  teamId,
  tournamentId,
  tournamentName,
  type Gender,
  type StageSlug,
} from '../../../graph/model/identity';
import { PERIODS, type Card, type Period, WOMENS_WORLD_CUP, WORLD_CUP } from '../../../graph/model/vocabulary';
import { numberedId, sluggedId } from '../../../graph/model/model';
import type { DataLocation } from '../../reading/data-location';
import type { PersonResolver } from '../../person-resolver';
import { canonicalTeamName } from '../../team-names';
import { stageRecords } from '../../stages';
import { countSubstitutions } from '../../substitution-count';
import { pitchTime } from '../../match-clock';
import { MalformedFileError } from '../../reading/validation';
import type { FjelstulTables } from './tables';
import { groupedBy } from '../../../grouped-by';

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

const notApplicable = (value: string) => (value === 'not applicable' || value === '' ? null : value);
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
  const build = new FjelstulBuild(tables, resolver, location);
  // In this order: players are resolved once their squads place them in teams (the namesake
  // tie-breaker), and the teams are listed once every file has named them.
  build.addConfederations();
  build.addTournaments();
  build.addVenues();
  build.addMatches();
  build.addReferees();
  build.addPlayersAndSquads();
  build.addGoalsAndBookings();
  build.addShootoutKicks();
  build.addAwards();
  build.addSubstitutionsAndAppearances();
  build.addCoaches();
  build.bundle.teams.push(...build.teams());
  build.bundle.people.push(...resolver.records());
  return build.bundle;
}

type FjelstulMatch = { id: string; gender: Gender; homeTeamId: string; awayTeamId: string; extraTime: boolean };

/** One Fjelstul import's bundle as it is built, with the lookups of one table's keys in another's. */
class FjelstulBuild {
  readonly bundle = emptyBundle();
  private readonly tournaments: Map<string, FjelstulTables['tournaments'][number] & { id: string }>;
  private readonly teamNames: Map<string, FjelstulTables['teams'][number]>;
  private readonly teamRecords = new Map<string, FactBundle['teams'][number]>();
  private readonly venues: Map<string, string>;
  private readonly confederations: Map<string, string>;
  private readonly matches = new Map<string, FjelstulMatch>();
  private readonly players: Map<string, FjelstulTables['players'][number]>;
  private readonly personIds = new Map<string, string>();

  constructor(private readonly tables: FjelstulTables, private readonly resolver: PersonResolver, private readonly location: DataLocation) {
    this.bundle.sources.push(FJELSTUL_SOURCE);
    this.tournaments = new Map(tables.tournaments.map((t) => [t.tournament_id, { ...t, id: tournamentId(t.year, t.tournament_name) }]));
    this.teamNames = new Map(tables.teams.map((t) => [t.team_id, t]));
    this.venues = venueIds(tables.stadiums);
    this.confederations = new Map(tables.confederations.map((c) => [c.confederation_code, sluggedId('confederations', c.confederation_code)]));
    this.players = new Map(tables.players.map((p) => [p.player_id, p]));
  }

  private lookup<T>(map: Map<string, T>, key: string, file: string, line: number, what: string): T {
    const found = map.get(key);
    if (found === undefined) throw new MalformedFileError(this.location.describe(file), line, `unknown ${what} ${key}`);
    return found;
  }

  /** The graph id of a Fjelstul team in a men's or women's tournament: the two never share a node. */
  readonly team = (fjelstulId: string, teamGender: Gender, file: string, line: number): string => {
    const row = this.lookup(this.teamNames, fjelstulId, file, line, 'team_id');
    const name = canonicalTeamName(row.team_name);
    const idOf = teamId(name, teamGender);
    if (!this.teamRecords.has(idOf)) {
      this.teamRecords.set(idOf, {
        id: idOf, name, gender: teamGender, confederation: row.confederation_code || null, aliases: [row.team_name], sources: SOURCES,
        confederationId: this.lookup(this.confederations, row.confederation_code, 'teams.csv', row.line, 'confederation_code'),
      });
    }
    return idOf;
  };

  teams(): Iterable<FactBundle['teams'][number]> {
    return this.teamRecords.values();
  }

  private tournamentOf(key: string, file: string, line: number) {
    return this.lookup(this.tournaments, key, file, line, 'tournament_id');
  }

  private matchOf(key: string, file: string, line: number): FjelstulMatch {
    return this.lookup(this.matches, key, file, line, 'match_id');
  }

  private personOf(key: string, file: string, line: number): string {
    this.lookup(this.players, key, file, line, 'player_id');
    return this.personIds.get(key)!;
  }

  addTournaments(): void {
    const hosts = new Map<string, string[]>();
    for (const host of this.tables.host_countries) hosts.set(host.tournament_id, [...(hosts.get(host.tournament_id) ?? []), host.team_name]);
    const teamByName = new Map(this.tables.teams.map((t) => [t.team_name, t.team_id]));
    for (const t of this.tournaments.values()) {
      const winner = teamByName.get(t.winner);
      this.bundle.tournaments.push({
        id: t.id, year: t.year, gender: t.tournament_name, name: tournamentName(t.year, t.tournament_name),
        hosts: hosts.get(t.tournament_id) ?? [], startDate: t.start_date, endDate: t.end_date,
        winnerTeamId: winner ? this.team(winner, t.tournament_name, 'tournaments.csv', t.line) : null, sources: SOURCES,
      });
    }
  }

  addVenues(): void {
    for (const s of this.tables.stadiums) {
      const city = cityId(s.city_name, s.country_name);
      if (!this.bundle.cities.some((c) => c.id === city)) {
        this.bundle.cities.push({ id: city, name: s.city_name, country: s.country_name, aliases: [], sources: SOURCES });
      }
      const venue = this.venues.get(s.stadium_id)!;
      if (!this.bundle.venues.some((v) => v.id === venue)) {
        this.bundle.venues.push({ id: venue, name: s.stadium_name, cityId: city, capacity: s.stadium_capacity, aliases: [], sources: SOURCES });
      }
    }
  }

  /** The matches and the stages they and tournament_stages.csv name. */
  addMatches(): void {
    const stagesByTournament = new Map<string, Set<StageSlug>>();
    const addStage = (tournament: string, slug: StageSlug) =>
      stagesByTournament.set(tournament, (stagesByTournament.get(tournament) ?? new Set()).add(slug));
    for (const s of this.tables.tournament_stages) addStage(this.tournamentOf(s.tournament_id, 'tournament_stages.csv', s.line).id, s.stage_name);

    // The score after 90 minutes of an extra-time match is counted from its goals.
    const goalsByMatch = groupedBy(this.tables.goals, (g) => g.match_id);
    const seen = new Set<string>();
    for (const m of this.tables.matches) {
      const t = this.tournamentOf(m.tournament_id, 'matches.csv', m.line);
      const home = this.team(m.home_team_id, t.tournament_name, 'matches.csv', m.line);
      const away = this.team(m.away_team_id, t.tournament_name, 'matches.csv', m.line);
      const homeName = canonicalTeamName(this.teamNames.get(m.home_team_id)!.team_name);
      const awayName = canonicalTeamName(this.teamNames.get(m.away_team_id)!.team_name);
      let idOf = matchId(t.id, m.stage_name, homeName, awayName, m.replay);
      // 1954 and 1958 had group play-offs between teams that had already met in the group.
      if (seen.has(idOf)) idOf = playOffMatchId(idOf);
      seen.add(idOf);
      addStage(t.id, m.stage_name);
      const regulation = (m.extra_time ? goalsByMatch.get(m.match_id) ?? [] : []).filter((g) => !g.match_period.startsWith('extra'));
      this.matches.set(m.match_id, { id: idOf, gender: t.tournament_name, homeTeamId: home, awayTeamId: away, extraTime: m.extra_time });
      this.bundle.matches.push({
        id: idOf, tournamentId: t.id, stageId: stageId(t.id, m.stage_name), stage: m.stage_name,
        competition: t.tournament_name === 'WOMEN' ? WOMENS_WORLD_CUP : WORLD_CUP, group: notApplicable(m.group_name), date: m.match_date, kickoff: m.match_time,
        venueId: this.lookup(this.venues, m.stadium_id, 'matches.csv', m.line, 'stadium_id'),
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
    for (const [tournament, slugs] of stagesByTournament) this.bundle.stages.push(...stageRecords(tournament, slugs, SOURCES));
  }

  /**
   * People: teams first (the namesake tie-breaker), youngest first so that a modern player keeps the
   * plain slug that match reports and openfootball also produce.
   */
  addPlayersAndSquads(): void {
    const playerTeams = new Map<string, Set<string>>();
    const placePlayer = (player: string, teamOf: string) => playerTeams.set(player, (playerTeams.get(player) ?? new Set()).add(teamOf));
    const squadTeam = this.tables.squads.map((s) => {
      const teamOf = this.team(s.team_id, this.tournamentOf(s.tournament_id, 'squads.csv', s.line).tournament_name, 'squads.csv', s.line);
      placePlayer(s.player_id, teamOf);
      return teamOf;
    });
    const byAge = [...this.tables.players].sort((a, b) => (b.birth_date ?? '').localeCompare(a.birth_date ?? '') || a.player_id.localeCompare(b.player_id));
    for (const p of byAge) {
      this.personIds.set(p.player_id, this.resolver.resolve({
        ...displayName(p), birthDate: p.birth_date, teamIds: [...(playerTeams.get(p.player_id) ?? [])],
        role: 'Player', sourceId: FJELSTUL_SOURCE.id, ...keyed('players', p.player_id),
      }));
    }
    this.tables.squads.forEach((s, index) => {
      this.bundle.squads.push({
        playerId: this.personOf(s.player_id, 'squads.csv', s.line), teamId: squadTeam[index]!,
        tournamentId: this.tournamentOf(s.tournament_id, 'squads.csv', s.line).id,
        // Shirt numbers were not worn before 1954; the file codes them 0.
        shirtNumber: s.shirt_number > 0 ? s.shirt_number : null, position: s.position_code, sources: SOURCES,
      });
    });
  }

  /**
   * Each match's rows of a file numbered from 1 (goal, booking and kick ids): in `order` (the order
   * they happened), or in the file's where the rows have no clock.
   */
  private inMatchOrder<T extends { match_id: string; line: number }>(rows: readonly T[], file: string, order?: (a: T, b: T) => number) {
    return [...groupedBy(rows, (r) => r.match_id)].flatMap(([key, group]) => {
      const match = this.matchOf(key, file, group[0]!.line);
      return (order ? [...group].sort(order) : group).map((row, index) => ({ row, match, sequence: index + 1 }));
    });
  }

  addGoalsAndBookings(): void {
    for (const { row: g, match, sequence } of this.inMatchOrder(this.tables.goals, 'goals.csv', byMatchClock)) {
      const goal: GoalRecord = {
        id: goalId(match.id, sequence), matchId: match.id, teamId: this.team(g.team_id, match.gender, 'goals.csv', g.line),
        scorerId: this.personOf(g.player_id, 'goals.csv', g.line), sequence, minute: g.minute_regulation,
        addedTime: g.minute_stoppage > 0 ? g.minute_stoppage : null, period: g.match_period,
        penalty: g.penalty, ownGoal: g.own_goal, sources: SOURCES,
      };
      this.bundle.goals.push(goal);
    }
    for (const { row: b, match, sequence } of this.inMatchOrder(this.tables.bookings, 'bookings.csv', byMatchClock)) {
      this.bundle.bookings.push({
        id: numberedId('bookings', match.id, sequence), matchId: match.id, teamId: this.team(b.team_id, match.gender, 'bookings.csv', b.line),
        playerId: this.personOf(b.player_id, 'bookings.csv', b.line), sequence, minute: b.minute_regulation,
        addedTime: b.minute_stoppage > 0 ? b.minute_stoppage : null, period: b.match_period,
        card: cardOf(b, this.location.describe('bookings.csv')), sources: SOURCES,
      });
    }
  }

  /** Each kick of a penalty shoot-out (penalty_kicks.csv), numbered in the file's order and in its team's. */
  addShootoutKicks(): void {
    // Kicks taken so far by each team in each match: a kick's round.
    const taken = new Map<string, number>();
    for (const { row: k, match, sequence } of this.inMatchOrder(this.tables.penalty_kicks, 'penalty_kicks.csv')) {
      const teamId = this.team(k.team_id, match.gender, 'penalty_kicks.csv', k.line);
      const round = (taken.get(`${match.id} ${teamId}`) ?? 0) + 1;
      taken.set(`${match.id} ${teamId}`, round);
      this.bundle.shootoutKicks.push({
        id: numberedId('shootoutKicks', match.id, sequence), matchId: match.id, teamId, sequence, round,
        takerId: this.personOf(k.player_id, 'penalty_kicks.csv', k.line), converted: k.converted, sources: SOURCES,
      });
    }
  }

  addAwards(): void {
    const awardNames = new Map(this.tables.awards.map((a) => [a.award_id, a.award_name]));
    for (const w of this.tables.award_winners) {
      const t = this.tournamentOf(w.tournament_id, 'award_winners.csv', w.line);
      this.bundle.awards.push({
        playerId: this.personOf(w.player_id, 'award_winners.csv', w.line), tournamentId: t.id,
        award: this.lookup(awardNames, w.award_id, 'award_winners.csv', w.line, 'award_id'),
        teamId: this.team(w.team_id, t.tournament_name, 'award_winners.csv', w.line), shared: w.shared, sources: SOURCES,
      });
    }
  }

  addSubstitutionsAndAppearances(): void {
    const { substitutions, appearances } = pairSubstitutions(this.tables.substitutions, (row) => ({
      match: this.matchOf(row.match_id, 'substitutions.csv', row.line),
      player: this.personOf(row.player_id, 'substitutions.csv', row.line),
    }), this.team);
    this.bundle.substitutions.push(...substitutions);
    countSubstitutions(this.bundle);
    const lineups = this.tables.player_appearances.map((row) => ({
      row, match: this.matchOf(row.match_id, 'player_appearances.csv', row.line), player: this.personOf(row.player_id, 'player_appearances.csv', row.line),
    }));
    this.bundle.appearances.push(...timedAppearances(
      appearances,
      lineups.map(({ row, match, player }) => ({
        matchId: match.id, playerId: player, teamId: this.team(row.team_id, match.gender, 'player_appearances.csv', row.line), starter: row.starter,
        // Shirt numbers were not worn before 1954; the file codes them 0.
        shirtNumber: row.shirt_number > 0 ? row.shirt_number : null, position: row.position_code, sources: SOURCES,
      })),
      this.bundle.bookings,
      new Set([...this.matches.values()].filter((m) => m.extraTime).map((m) => m.id)),
    ));
  }

  /** The confederations (confederations.csv), which teams.csv names by code. */
  addConfederations(): void {
    for (const c of this.tables.confederations) {
      this.bundle.confederations.push({ id: this.confederations.get(c.confederation_code)!, name: c.confederation_name, code: c.confederation_code, sources: SOURCES });
    }
  }

  /** The referees, and the one in charge of each match (referee_appearances.csv). */
  addReferees(): void {
    const referees = new Map(this.tables.referees.map((r) => [r.referee_id, sluggedId('referees', displayName(r).name)]));
    for (const r of this.tables.referees) {
      this.bundle.referees.push({ id: referees.get(r.referee_id)!, ...displayName(r), country: r.country_name, confederation: r.confederation_code, sources: SOURCES });
    }
    const matchRecords = new Map(this.bundle.matches.map((m) => [m.id, m]));
    for (const a of this.tables.referee_appearances) {
      const match = matchRecords.get(this.matchOf(a.match_id, 'referee_appearances.csv', a.line).id)!;
      match.refereeId = this.lookup(referees, a.referee_id, 'referee_appearances.csv', a.line, 'referee_id');
    }
  }

  addCoaches(): void {
    const managed = groupedBy(this.tables.manager_appearances, (a) => a.manager_id);
    const managers = new Map(this.tables.managers.map((m) => [m.manager_id, m]));
    for (const a of this.tables.manager_appearances) this.lookup(managers, a.manager_id, 'manager_appearances.csv', a.line, 'manager_id');
    for (const m of this.tables.managers) {
      const rows = managed.get(m.manager_id) ?? [];
      const teams = rows.map((a) => this.team(a.team_id, this.matchOf(a.match_id, 'manager_appearances.csv', a.line).gender, 'manager_appearances.csv', a.line));
      const coach = this.resolver.resolve({
        ...displayName(m), birthDate: null, teamIds: [...new Set(teams)], role: 'Coach', nationality: m.country_name,
        sourceId: FJELSTUL_SOURCE.id, ...keyed('managers', m.manager_id),
      });
      rows.forEach((a, index) => {
        this.bundle.coachings.push({ coachId: coach, teamId: teams[index]!, matchId: this.matchOf(a.match_id, 'manager_appearances.csv', a.line).id, sources: SOURCES });
      });
    }
  }
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
  const moments = groupedBy(rows, (r) => `${r.match_id}|${r.team_id}|${r.match_period}|${r.minute_regulation}|${r.minute_stoppage}`);
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
