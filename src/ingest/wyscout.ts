import { z } from 'zod';
import { emptyBundle, type AppearanceRecord, type FactBundle, type SourceRecord } from '../graph/bundle';
import type { Period } from '../graph/vocabulary';
import { goalId, matchId, stageId, substitutionId, teamId, tournamentId, type StageSlug } from '../graph/identity';
import { readCsvTables, type CsvRow } from './csv';
import type { DataLocation } from './data-location';
import { pitchTime, readMatchClock } from './match-clock';
import type { PersonResolver } from './person-resolver';
import { stageRecords } from './stages';
import { countSubstitutions } from './substitution-count';
import { canonicalTeamName } from './team-names';
import { everyRow, mustReference, uniqueBy } from './validation';
import { calendarDate, LIMITS, matchMinute, nonBlank, wholeNumber } from './value-rules';

export const WYSCOUT_SOURCE: SourceRecord = {
  id: 'wyscout-pappalardo-worldcup2018',
  title: 'Wyscout soccer match event dataset (Pappalardo et al.): 2018 FIFA World Cup',
  kind: 'dataset',
  publisher: 'Luca Pappalardo, Emanuele Massucco (figshare); Wyscout',
  url: 'https://doi.org/10.6084/m9.figshare.c.4415000',
  licence: 'CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/legalcode)',
  attribution:
    'Pappalardo, Luca; Massucco, Emanuele (2019): Soccer match event dataset. figshare. Collection. ' +
    'https://doi.org/10.6084/m9.figshare.c.4415000, licensed under CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/legalcode); ' +
    'Pappalardo, L., Cintia, P., Rossi, A. et al. A public data set of spatio-temporal match events in soccer competitions. ' +
    'Sci Data 6, 236 (2019). https://doi.org/10.1038/s41597-019-0247-7. Modified: extracted from the event files and merged ' +
    'with the Fjelstul World Cup Database and openfootball into this knowledge graph. Wyscout is a trademark of Wyscout/Hudl.',
  recordsAssists: true,
};
const SOURCES = [WYSCOUT_SOURCE.id];
const TOURNAMENT = tournamentId(2018, 'MEN');

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

/**
 * Turns the validated tables into a bundle: matches by their id (tournament, stage and the two
 * teams, so they join Fjelstul's and openfootball's whatever the home side), players through the
 * resolver by team, birth date and name (Wyscout's spellings are its own, see person-resolver.ts),
 * goals with their assister (the reconciler pairs them with the goals already in the graph by
 * team and minute or scorer), and the line-ups and substitutions.
 */
export function buildWyscoutBundle(tables: WyscoutTables, resolver: PersonResolver): FactBundle {
  const bundle = emptyBundle();
  bundle.sources.push(WYSCOUT_SOURCE);
  const teamNames = new Map<string, string>();
  for (const m of tables.matches) {
    teamNames.set(m.home_team_id, m.home_team_name);
    teamNames.set(m.away_team_id, m.away_team_name);
  }
  const teamOf = new Map([...teamNames].map(([wy, name]) => [wy, teamId(canonicalTeamName(name), 'MEN')]));
  for (const [wy, name] of teamNames) {
    bundle.teams.push({ id: teamOf.get(wy)!, name: canonicalTeamName(name), gender: 'MEN', aliases: [name], sources: SOURCES });
  }

  const matches = new Map<string, { id: string; extraTime: boolean }>();
  for (const m of tables.matches) {
    const id = matchId(TOURNAMENT, m.round_id, canonicalTeamName(m.home_team_name), canonicalTeamName(m.away_team_name));
    const extraTime = m.duration !== 'Regular';
    const penalties = m.duration === 'Penalties';
    matches.set(m.match_id, { id, extraTime });
    bundle.matches.push({
      id, tournamentId: TOURNAMENT, stageId: stageId(TOURNAMENT, m.round_id), stage: m.round_id, group: m.group_name || null, date: m.date_utc,
      homeTeamId: teamOf.get(m.home_team_id)!, awayTeamId: teamOf.get(m.away_team_id)!,
      homeScore: extraTime ? m.home_score_aet : m.home_score_90, awayScore: extraTime ? m.away_score_aet : m.away_score_90,
      homeScore90: m.home_score_90, awayScore90: m.away_score_90, extraTime,
      homePenalties: penalties ? m.home_score_pens : null, awayPenalties: penalties ? m.away_score_pens : null,
      winnerTeamId: teamOf.get(m.winner_team_id) ?? null, sources: SOURCES,
    });
  }
  // The tournament's dates and hosts are not Wyscout's to state: a copy with fewer matches would contradict them.
  bundle.tournaments.push({
    id: TOURNAMENT, year: 2018, gender: 'MEN', name: "2018 FIFA Men's World Cup", hosts: [], sources: SOURCES,
  });
  bundle.stages.push(...stageRecords(TOURNAMENT, tables.matches.map((m) => m.round_id), SOURCES));

  // One person per Wyscout player id, placed in the squad of every team whose sheet lists them,
  // played or not: the graph keeps the team the next data set's rows are matched by (person-resolver.ts).
  const sheets = new Map<string, WyscoutTables['lineups']>();
  for (const row of tables.lineups) sheets.set(row.player_id, [...(sheets.get(row.player_id) ?? []), row]);
  const people = new Map<string, string>();
  for (const [player, rows] of sheets) {
    const row = rows[0]!;
    const full = `${row.first_name} ${row.last_name}`.trim();
    const teams = [...new Set(rows.map((r) => teamOf.get(r.team_id)!))];
    const id = resolver.resolve({
      name: full || row.short_name, aliases: full ? [row.short_name] : [], birthDate: row.birth_date,
      teamIds: teams, role: 'Player', sourceId: WYSCOUT_SOURCE.id,
      keySpace: `${WYSCOUT_SOURCE.id}/players`, ref: `${WYSCOUT_SOURCE.id}/players:${player}`,
    });
    people.set(player, id);
    for (const team of teams) bundle.squads.push({ playerId: id, teamId: team, tournamentId: TOURNAMENT, sources: SOURCES });
  }
  const person = (player: string) => people.get(player)!;

  for (const row of tables.lineups) {
    if (!row.started && row.on_minute === null) continue;
    const match = matches.get(row.match_id)!;
    const appearance: AppearanceRecord = {
      matchId: match.id, playerId: person(row.player_id), teamId: teamOf.get(row.team_id)!, starter: row.started, sources: SOURCES,
    };
    bundle.appearances.push({ ...appearance, ...pitchTime(row.started, { cameOn: row.on_minute, wentOff: row.off_minute }, match.extraTime) });
  }

  for (const s of tables.substitutions) {
    const match = matches.get(s.match_id)!;
    const clock = readMatchClock(s.minute, match.extraTime);
    bundle.substitutions.push({
      id: substitutionId(match.id, person(s.player_on_id)), matchId: match.id, teamId: teamOf.get(s.team_id)!,
      playerOnId: person(s.player_on_id), playerOffId: person(s.player_off_id),
      minute: clock.minute, addedTime: clock.addedTime, period: clock.period, sources: SOURCES,
    });
  }

  countSubstitutions(bundle);

  for (const g of tables.goals) {
    const match = matches.get(g.match_id)!;
    const clock = readMatchClock(g.minute_label, match.extraTime);
    bundle.goals.push({
      id: goalId(match.id, g.goal_number), matchId: match.id, teamId: teamOf.get(g.scoring_team_id)!, scorerId: person(g.scorer_id),
      assistId: g.assister_id === null ? null : person(g.assister_id), sequence: g.goal_number,
      minute: clock.minute, addedTime: clock.addedTime, period: g.match_period, penalty: g.penalty, ownGoal: g.own_goal, sources: SOURCES,
    });
  }

  bundle.people.push(...resolver.records());
  return bundle;
}
