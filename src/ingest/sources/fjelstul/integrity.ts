import type { Period } from '../../../graph/model/vocabulary';
import type { FjelstulTables } from './tables';
import { PERIOD_ENDS } from '../../match-clock';
import { everyRow, mustReference, uniqueBy } from '../../reading/validation';

type Row = { line: number };
type Reference<T> = [column: string, of: (row: T) => string | null, known: ReadonlySet<string>];

/** Each period's regulation minutes: the first half 1-45, the second 46-90, and so on. */
const PERIOD_MINUTES = new Map<Period, { first: number; last: number }>(
  PERIOD_ENDS.map(([last, period], index) => [period, { first: (PERIOD_ENDS[index - 1]?.[0] ?? 0) + 1, last }]),
);

/**
 * What no single row can show: every key unique in its file, every id a row refers to defined by
 * the file that owns it, and the files agreeing with each other (goals add up to the score, an
 * event's team plays in its match, its player is in that team's squad). Runs on the validated
 * tables before any bundle is built, so a corrupted copy is rejected with file and line and
 * nothing is written.
 */
export function checkFjelstulIntegrity(tables: FjelstulTables, describe: (file: string) => string): void {
  const file = (name: keyof FjelstulTables) => describe(`${name}.csv`);
  checkKeys(tables, file);
  checkReferences(tables, file);
  checkMatches(tables, file);
  checkEvents(tables, file);
  checkGoalsAddUp(tables, file);
}

type FileOf = (name: keyof FjelstulTables) => string;
const ids = <T>(rows: readonly T[], key: (row: T) => string) => new Set(rows.map(key));
const key = (...parts: Array<string | number | boolean>) => parts.join(' / ');

/** Each file's id, and the columns that name one row by its content, unique. */
function checkKeys(tables: FjelstulTables, file: FileOf): void {
  const unique = <T extends Row>(name: keyof FjelstulTables, rows: readonly T[], keys: Array<[what: string, of: (row: T) => string | null]>) => {
    for (const [what, of] of keys) uniqueBy(file(name), rows, of, what);
  };
  unique('tournaments', tables.tournaments, [
    ['tournament_id', (t) => t.tournament_id],
    ['year and tournament', (t) => key(t.year, t.tournament_name)],
  ]);
  unique('teams', tables.teams, [['team_id', (t) => t.team_id], ['team_name', (t) => t.team_name]]);
  unique('stadiums', tables.stadiums, [['stadium_id', (s) => s.stadium_id]]);
  unique('matches', tables.matches, [['match_id', (m) => m.match_id]]);
  unique('players', tables.players, [['player_id', (p) => p.player_id]]);
  unique('managers', tables.managers, [['manager_id', (m) => m.manager_id]]);
  unique('awards', tables.awards, [['award_id', (a) => a.award_id]]);
  unique('host_countries', tables.host_countries, [['host', (h) => key(h.tournament_id, h.team_id)]]);
  unique('tournament_stages', tables.tournament_stages, [['stage', (s) => key(s.tournament_id, s.stage_name)]]);
  unique('squads', tables.squads, [
    ['squad entry (tournament / player)', (s) => key(s.tournament_id, s.player_id)],
    ['shirt number (tournament / team / shirt)', (s) => (s.shirt_number > 0 ? key(s.tournament_id, s.team_id, s.shirt_number) : null)],
  ]);
  unique('goals', tables.goals, [
    ['goal_id', (g) => g.goal_id],
    ['goal (match / team / player / period / minute / stoppage)',
      (g) => key(g.match_id, g.team_id, g.player_id, g.match_period, g.minute_regulation, g.minute_stoppage)],
  ]);
  unique('substitutions', tables.substitutions, [
    ['substitution_id', (s) => s.substitution_id],
    ['substitution (match / player / on or off)', (s) => key(s.match_id, s.player_id, s.coming_on ? 'on' : 'off')],
  ]);
  unique('player_appearances', tables.player_appearances, [['appearance (match / player)', (a) => key(a.match_id, a.player_id)]]);
  // No content key for bookings: the real file books Weiss (M-2010-27) twice at 84' with one card.
  unique('bookings', tables.bookings, [['booking_id', (b) => b.booking_id]]);
  unique('manager_appearances', tables.manager_appearances, [['manager appearance', (a) => key(a.match_id, a.team_id, a.manager_id)]]);
  unique('award_winners', tables.award_winners, [['award winner', (w) => key(w.tournament_id, w.award_id, w.player_id)]]);
}

/** Every id a row names is one its file declares. */
function checkReferences(tables: FjelstulTables, file: FileOf): void {
  const known = {
    tournament: ids(tables.tournaments, (t) => t.tournament_id),
    team: ids(tables.teams, (t) => t.team_id),
    teamName: ids(tables.teams, (t) => t.team_name),
    stadium: ids(tables.stadiums, (s) => s.stadium_id),
    match: ids(tables.matches, (m) => m.match_id),
    player: ids(tables.players, (p) => p.player_id),
    manager: ids(tables.managers, (m) => m.manager_id),
    award: ids(tables.awards, (a) => a.award_id),
  };
  const references = <T extends Row>(name: keyof FjelstulTables, rows: readonly T[], list: Array<Reference<T>>) => {
    for (const [column, of, set] of list) mustReference(file(name), rows, of, set, column);
  };
  references('tournaments', tables.tournaments, [['winner (a team_name of teams.csv)', (t) => t.winner, known.teamName]]);
  references('host_countries', tables.host_countries, [
    ['tournament_id', (h) => h.tournament_id, known.tournament], ['team_id', (h) => h.team_id, known.team],
  ]);
  references('tournament_stages', tables.tournament_stages, [['tournament_id', (s) => s.tournament_id, known.tournament]]);
  references('matches', tables.matches, [
    ['tournament_id', (m) => m.tournament_id, known.tournament], ['stadium_id', (m) => m.stadium_id, known.stadium],
    ['home_team_id', (m) => m.home_team_id, known.team], ['away_team_id', (m) => m.away_team_id, known.team],
  ]);
  references('squads', tables.squads, [
    ['tournament_id', (s) => s.tournament_id, known.tournament], ['team_id', (s) => s.team_id, known.team],
    ['player_id', (s) => s.player_id, known.player],
  ]);
  const eventReferences = <T extends Row & { match_id: string; team_id: string; player_id: string }>(): Array<Reference<T>> => [
    ['match_id', (e) => e.match_id, known.match], ['team_id', (e) => e.team_id, known.team], ['player_id', (e) => e.player_id, known.player],
  ];
  references('goals', tables.goals, [...eventReferences(), ['player_team_id', (g) => g.player_team_id, known.team]]);
  references('substitutions', tables.substitutions, eventReferences());
  references('bookings', tables.bookings, eventReferences());
  references('player_appearances', tables.player_appearances, eventReferences());
  references('manager_appearances', tables.manager_appearances, [
    ['match_id', (a) => a.match_id, known.match], ['team_id', (a) => a.team_id, known.team],
    ['manager_id', (a) => a.manager_id, known.manager],
  ]);
  references('award_winners', tables.award_winners, [
    ['tournament_id', (w) => w.tournament_id, known.tournament], ['award_id', (w) => w.award_id, known.award],
    ['player_id', (w) => w.player_id, known.player], ['team_id', (w) => w.team_id, known.team],
  ]);
}

/** Each tournament's dates and year, each match inside its tournament, and its result agreeing with its score. */
function checkMatches(tables: FjelstulTables, file: FileOf): void {
  const tournaments = new Map(tables.tournaments.map((t) => [t.tournament_id, t]));
  everyRow(file('tournaments'), tables.tournaments, (t) =>
    t.end_date < t.start_date ? `end_date ${t.end_date} is before start_date ${t.start_date}`
    : String(t.year) !== t.start_date.slice(0, 4) ? `year ${t.year} is not the year of start_date ${t.start_date}`
    : null);
  everyRow(file('matches'), tables.matches, (m) => {
    const t = tournaments.get(m.tournament_id)!;
    if (m.home_team_id === m.away_team_id) return `home_team_id and away_team_id are both ${m.home_team_id}`;
    if (m.match_date < t.start_date || m.match_date > t.end_date) {
      return `match_date ${m.match_date} is outside ${m.tournament_id} (${t.start_date} to ${t.end_date})`;
    }
    if (m.home_team_win && m.away_team_win) return 'home_team_win and away_team_win are both 1';
    if (m.penalty_shootout && (m.home_team_score_penalties === null || m.away_team_score_penalties === null)) {
      return 'penalty_shootout is 1 but the shoot-out score is NA';
    }
    if (m.penalty_shootout && m.home_team_score !== m.away_team_score) {
      return `penalty_shootout is 1 but the score ${m.home_team_score}-${m.away_team_score} is not level`;
    }
    if (m.penalty_shootout && m.home_team_score_penalties === m.away_team_score_penalties) return 'the shoot-out score is level';
    const [home, away] = m.penalty_shootout
      ? [m.home_team_score_penalties!, m.away_team_score_penalties!]
      : [m.home_team_score, m.away_team_score];
    if (m.home_team_win !== home > away || m.away_team_win !== away > home) {
      return `home_team_win ${Number(m.home_team_win)} and away_team_win ${Number(m.away_team_win)} disagree with the ${m.penalty_shootout ? 'shoot-out ' : ''}score ${home}-${away}`;
    }
    return null;
  });
}

/** Events: in a period's minutes, in a match their team plays, by a player of that team's squad. */
function checkEvents(tables: FjelstulTables, file: FileOf): void {
  const matches = new Map(tables.matches.map((m) => [m.match_id, m]));
  const squad = ids(tables.squads, (s) => key(s.tournament_id, s.team_id, s.player_id));
  type Event = Row & { match_id: string; team_id: string; player_id: string; match_period: Period; minute_regulation: number; minute_stoppage: number };
  const eventRule = <E extends Event>(playerTeam: (e: E) => string) => (e: E): string | null => {
    const m = matches.get(e.match_id)!;
    const { first, last } = PERIOD_MINUTES.get(e.match_period)!;
    if (e.minute_stoppage > 0 ? e.minute_regulation !== last : e.minute_regulation < first || e.minute_regulation > last) {
      return `minute ${e.minute_regulation}${e.minute_stoppage > 0 ? `+${e.minute_stoppage}` : ''} is not in the ${e.match_period} (${first}-${last}, stoppage time after ${last})`;
    }
    if (e.match_period.startsWith('extra-time') && !m.extra_time) return `${e.match_period}, but match ${e.match_id} had no extra time`;
    for (const [column, team] of [['team_id', e.team_id], ['player_team_id', playerTeam(e)]]) {
      if (team !== m.home_team_id && team !== m.away_team_id) return `${column} ${team} does not play in match ${e.match_id}`;
    }
    if (!squad.has(key(m.tournament_id, playerTeam(e), e.player_id))) {
      return `player_id ${e.player_id} is not in the squad of ${playerTeam(e)} at ${m.tournament_id} (squads.csv)`;
    }
    return null;
  };
  everyRow(file('goals'), tables.goals, eventRule((g) => g.player_team_id));
  everyRow(file('substitutions'), tables.substitutions, eventRule((s) => s.team_id));
  everyRow(file('bookings'), tables.bookings, eventRule((b) => b.team_id));
  everyRow(file('player_appearances'), tables.player_appearances, (a) => {
    const m = matches.get(a.match_id)!;
    if (a.starter === a.substitute) return `starter and substitute are both ${Number(a.starter)}: exactly one must be 1`;
    if (a.team_id !== m.home_team_id && a.team_id !== m.away_team_id) return `team_id ${a.team_id} does not play in match ${a.match_id}`;
    return squad.has(key(m.tournament_id, a.team_id, a.player_id)) ? null
      : `player_id ${a.player_id} is not in the squad of ${a.team_id} at ${m.tournament_id} (squads.csv)`;
  });
  everyRow(file('manager_appearances'), tables.manager_appearances, (a) => {
    const m = matches.get(a.match_id)!;
    return a.team_id === m.home_team_id || a.team_id === m.away_team_id ? null : `team_id ${a.team_id} does not play in match ${a.match_id}`;
  });
}

/** A copied goal row with a fresh id is caught here: the goals no longer add up to the score. */
function checkGoalsAddUp(tables: FjelstulTables, file: FileOf): void {
  const matches = new Map(tables.matches.map((m) => [m.match_id, m]));
  const scored = new Map<string, number>();
  everyRow(file('goals'), tables.goals, (g) => {
    const m = matches.get(g.match_id)!;
    const n = (scored.get(key(g.match_id, g.team_id)) ?? 0) + 1;
    scored.set(key(g.match_id, g.team_id), n);
    const score = g.team_id === m.home_team_id ? m.home_team_score : m.away_team_score;
    return n > score ? `goal ${n} of ${g.team_id} in ${g.match_id}, whose score in matches.csv (line ${m.line}) gives it ${score}` : null;
  });
  everyRow(file('matches'), tables.matches, (m) => {
    for (const [side, team, score] of [['home', m.home_team_id, m.home_team_score], ['away', m.away_team_id, m.away_team_score]] as const) {
      const n = scored.get(key(m.match_id, team)) ?? 0;
      if (n !== score) return `${side}_team_score is ${score} but goals.csv lists ${n} goal(s) for ${team}`;
    }
    return null;
  });
}
