import { emptyBundle, type FactBundle, type SourceRecord, type SquadRecord } from '../../../graph/model/bundle';
import { PERIODS } from '../../../graph/model/vocabulary';
import { goalId, matchId, stageId, teamId, tournamentId, tournamentName, type Gender, type StageSlug } from '../../../graph/model/identity';
import { pitchTime, readMatchClock } from '../../match-clock';
import type { PersonResolver } from '../../person-resolver';
import { stageRecords } from '../../stages';
import { canonicalTeamName } from '../../team-names';
import { MalformedFileError } from '../../reading/validation';
import { STATSBOMB_STAGES, type StatsBombData } from './read';

/**
 * StatsBomb's open data may be used for research under StatsBomb's user agreement but not
 * redistributed: users clone github.com/statsbomb/open-data themselves; nothing of it is shipped.
 */
export const STATSBOMB_SOURCE: SourceRecord = {
  id: 'statsbomb-open-data',
  title: 'StatsBomb Open Data',
  kind: 'dataset',
  publisher: 'StatsBomb (Hudl)',
  url: 'https://github.com/statsbomb/open-data',
  licence: "StatsBomb Public Data User Agreement: research use, no redistribution (the user's own copy)",
  attribution: 'Data provided by StatsBomb (https://github.com/statsbomb/open-data), used under its user agreement.',
  recordsAssists: true,
};
const SOURCES = [STATSBOMB_SOURCE.id];

const minutesOf = (time: string) => Number(time.split(':')[0]);

/**
 * StatsBomb counts minutes from 0 and runs on through stoppage time (45:30 is the 46th minute, 45+1);
 * the printed minute is the next one, capped at the period's end with the rest as added time.
 */
function printedMinute(period: number, minute: number): string {
  const end = [45, 90, 105, 120][period - 1]!;
  return minute + 1 > end ? `${end}+${minute + 1 - end}` : String(minute + 1);
}

export function buildStatsBombBundle(data: StatsBombData, resolver: PersonResolver): FactBundle {
  const bundle = emptyBundle();
  bundle.sources.push(STATSBOMB_SOURCE);
  const stages = new Map<string, Set<StageSlug>>();
  const squads = new Map<string, SquadRecord>();
  for (const { match, lineups, events } of data.matches) {
    const gender: Gender = match.home_team.home_team_gender === 'female' ? 'WOMEN' : 'MEN';
    const tournament = tournamentId(Number(match.match_date.slice(0, 4)), gender);
    const stage = STATSBOMB_STAGES[match.competition_stage.name]!;
    stages.set(tournament, (stages.get(tournament) ?? new Set()).add(stage));
    const teamOf = new Map<number, string>();
    for (const [wy, name] of [[match.home_team.home_team_id, match.home_team.home_team_name], [match.away_team.away_team_id, match.away_team.away_team_name]] as const) {
      const idOf = teamId(canonicalTeamName(name), gender);
      teamOf.set(wy, idOf);
      if (!bundle.teams.some((t) => t.id === idOf)) bundle.teams.push({ id: idOf, name: canonicalTeamName(name), gender, aliases: [name], sources: SOURCES });
    }
    const home = teamOf.get(match.home_team.home_team_id)!;
    const away = teamOf.get(match.away_team.away_team_id)!;
    const idOf = matchId(tournament, stage, canonicalTeamName(match.home_team.home_team_name), canonicalTeamName(match.away_team.away_team_name));
    const extraTime = events.some((event) => event.period >= 3);
    bundle.matches.push({
      id: idOf, tournamentId: tournament, stageId: stageId(tournament, stage), stage, date: match.match_date,
      homeTeamId: home, awayTeamId: away, sources: SOURCES,
    });

    const people = new Map<number, string>();
    for (const side of lineups) {
      const team = teamOf.get(side.team_id);
      if (!team) throw new MalformedFileError(`lineups/${match.match_id}.json`, null, `team ${side.team_id} does not play in match ${match.match_id}`);
      for (const player of side.lineup) {
        // The nickname is the name the player is known by ("Lionel Messi"); the full name stays an alias.
        const name = player.player_nickname || player.player_name;
        const person = resolver.resolve({
          name, aliases: [player.player_name], birthDate: null, teamIds: [team], role: 'Player', sourceId: STATSBOMB_SOURCE.id,
          keySpace: `${STATSBOMB_SOURCE.id}/players`, ref: `${STATSBOMB_SOURCE.id}/players:${player.player_id}`,
        });
        people.set(player.player_id, person);
        // On the pitch or not, a player of the line-up is in the team's squad, as on Wyscout's sheets.
        squads.set(`${person}|${team}|${tournament}`, { playerId: person, teamId: team, tournamentId: tournament, sources: SOURCES });
        if (player.positions.length === 0) continue;
        const [first] = player.positions;
        const last = player.positions.at(-1)!;
        const started = first!.start_reason === 'Starting XI';
        const leftEarly = last.to !== null && !/^(Half|Full)/.test(last.end_reason);
        bundle.appearances.push({
          matchId: idOf, playerId: person, teamId: team, starter: started, shirtNumber: player.jersey_number,
          sources: SOURCES,
          ...pitchTime(started, { cameOn: minutesOf(first!.from), wentOff: leftEarly ? minutesOf(last.to!) : null }, extraTime),
        });
      }
    }

    const byId = new Map(events.map((event) => [event.id, event]));
    let sequence = 0;
    for (const event of events) {
      if (event.period > 4 || !event.player) continue;
      const scored = event.type.name === 'Shot' && event.shot?.outcome.name === 'Goal';
      const own = event.type.name === 'Own Goal Against';
      if (!scored && !own) continue;
      const reading = readMatchClock(printedMinute(event.period, event.minute), extraTime);
      const eventTeam = teamOf.get(event.team.id)!;
      const assister = event.shot?.key_pass_id ? byId.get(event.shot.key_pass_id)?.player : undefined;
      sequence++;
      bundle.goals.push({
        id: goalId(idOf, sequence), matchId: idOf, teamId: own ? (eventTeam === home ? away : home) : eventTeam,
        scorerId: people.get(event.player.id)!, assistId: assister ? people.get(assister.id) ?? null : null, sequence,
        minute: reading.minute, addedTime: reading.addedTime, period: PERIODS[event.period - 1]!,
        penalty: event.shot?.type.name === 'Penalty', ownGoal: own, sources: SOURCES,
      });
    }
  }
  for (const [tournament, slugs] of stages) {
    const [year, gender] = [Number(tournament.slice(3, 7)), tournament.endsWith('women') ? 'WOMEN' as const : 'MEN' as const];
    bundle.tournaments.push({ id: tournament, year, gender, name: tournamentName(year, gender), hosts: [], sources: SOURCES });
    bundle.stages.push(...stageRecords(tournament, slugs, SOURCES));
  }
  bundle.squads.push(...squads.values());
  bundle.people.push(...resolver.records());
  return bundle;
}
