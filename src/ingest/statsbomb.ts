import { z } from 'zod';
import { emptyBundle, type FactBundle, type SourceRecord, type SquadRecord } from '../graph/bundle';
import { PERIODS } from '../graph/vocabulary';
import { goalId, matchId, stageId, teamId, tournamentId, type Gender, type StageSlug } from '../graph/identity';
import type { DataLocation } from './data-location';
import { pitchTime, readMatchClock } from './match-clock';
import type { PersonResolver } from './person-resolver';
import { stageRecords } from './stages';
import { canonicalTeamName } from './team-names';
import { MalformedFileError, validateRecord } from './validation';
import { calendarDate, LIMITS, nonBlank, wholeNumber } from './value-rules';

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

/** The FIFA World Cup 2018, StatsBomb's competition 43 and season 3. */
export const DEFAULT_STATSBOMB_SEASON = { competition: 43, season: 3 };

const STAGES: Record<string, StageSlug> = {
  'Group Stage': 'group-stage',
  'Round of 16': 'round-of-16',
  'Quarter-finals': 'quarter-final',
  'Semi-finals': 'semi-final',
  '3rd Place Final': 'third-place',
  Final: 'final',
};
const id = z.number().int().nonnegative();
const named = z.object({ id, name: nonBlank });

const matchSchema = z.object({
  match_id: id,
  match_date: calendarDate,
  home_score: wholeNumber(LIMITS.goals).or(z.number().int().min(0).max(LIMITS.goals.max)),
  away_score: z.number().int().min(0).max(LIMITS.goals.max),
  home_team: z.object({ home_team_id: id, home_team_name: nonBlank, home_team_gender: z.enum(['male', 'female']) }),
  away_team: z.object({ away_team_id: id, away_team_name: nonBlank }),
  competition_stage: z.object({ name: z.enum(Object.keys(STAGES) as [string, ...string[]]) }),
});
const clock = z.string().regex(/^\d{1,3}:\d{2}$/, 'must be a time mm:ss');
const lineupSchema = z.array(z.object({
  team_id: id,
  team_name: nonBlank,
  lineup: z.array(z.object({
    player_id: id,
    player_name: nonBlank,
    player_nickname: z.string().nullable().optional(),
    jersey_number: z.number().int().min(LIMITS.shirtNumber.min).max(LIMITS.shirtNumber.max),
    positions: z.array(z.object({ position: nonBlank, from: clock, to: clock.nullable(), start_reason: z.string(), end_reason: z.string() })),
  })),
}));
const eventSchema = z.array(z.object({
  id: z.string(),
  period: z.number().int().min(1).max(5),
  minute: z.number().int().min(0).max(LIMITS.minute.max + LIMITS.addedTime.max),
  type: named,
  team: named,
  player: named.optional(),
  shot: z.object({ outcome: named, type: named, key_pass_id: z.string().optional() }).optional(),
}).passthrough());

type StatsBombMatch = z.output<typeof matchSchema>;
type Lineup = z.output<typeof lineupSchema>;
type Events = z.output<typeof eventSchema>;

export interface StatsBombData {
  matches: Array<{ match: StatsBombMatch; lineups: Lineup; events: Events }>;
  rowCount: number;
}

async function readJson<T>(location: DataLocation, file: string, schema: z.ZodType<T>): Promise<T> {
  const text = await location.readText(file);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new MalformedFileError(location.describe(file), null, `not JSON: ${(error as Error).message}`);
  }
  return validateRecord(location.describe(file), schema, { line: null, where: null, value } as never);
}

/**
 * Reads one competition season as published in open-data's `data/` folder: `matches/<competition>/<season>.json`,
 * then `lineups/<match>.json` and `events/<match>.json` of each match. Every file is validated
 * before anything is built.
 */
export async function readStatsBomb(location: DataLocation, season = DEFAULT_STATSBOMB_SEASON): Promise<StatsBombData> {
  const matches = await readJson(location, `matches/${season.competition}/${season.season}.json`, z.array(matchSchema).min(1, 'must list at least one match'));
  const read = await Promise.all(matches.map(async (match) => ({
    match,
    lineups: await readJson(location, `lineups/${match.match_id}.json`, lineupSchema),
    events: await readJson(location, `events/${match.match_id}.json`, eventSchema),
  })));
  for (const { match, lineups, events } of read) {
    const players = new Set(lineups.flatMap((team) => team.lineup.map((p) => p.player_id)));
    const stranger = events.find((event) => event.player && !players.has(event.player.id));
    if (stranger) {
      throw new MalformedFileError(location.describe(`events/${match.match_id}.json`), null, `event ${stranger.id}: player ${stranger.player!.id} is in no line-up of match ${match.match_id}`);
    }
  }
  return { matches: read, rowCount: read.reduce((n, m) => n + 1 + m.events.length + m.lineups.reduce((k, t) => k + t.lineup.length, 0), 0) };
}

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
    const stage = STAGES[match.competition_stage.name]!;
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
    bundle.tournaments.push({ id: tournament, year, gender, name: `${year} FIFA ${gender === 'WOMEN' ? "Women's" : "Men's"} World Cup`, hosts: [], sources: SOURCES });
    bundle.stages.push(...stageRecords(tournament, slugs, SOURCES));
  }
  bundle.squads.push(...squads.values());
  bundle.people.push(...resolver.records());
  return bundle;
}
