import { emptyBundle, type AppearanceRecord, type FactBundle, type SourceRecord } from '../../../graph/model/bundle';
import { goalId, matchId, stageId, substitutionId, teamId, tournamentId, tournamentName } from '../../../graph/model/identity';
import { pitchTime, readMatchClock } from '../../match-clock';
import type { PersonResolver } from '../../person-resolver';
import { stageRecords } from '../../stages';
import { countSubstitutions } from '../../substitution-count';
import { canonicalTeamName } from '../../team-names';
import type { WyscoutTables } from './read';

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
    id: TOURNAMENT, year: 2018, gender: 'MEN', name: tournamentName(2018, 'MEN'), hosts: [], sources: SOURCES,
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
