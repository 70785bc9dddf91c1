import { scoreWinner } from '../../../graph/read/analytics/match-results';
import { emptyBundle, type FactBundle, type GoalRecord, type SourceRecord } from '../../../graph/model/bundle';
import { cityId, goalId, matchId, nameKeys, slugify, stageId, teamId, tournamentId, tournamentName, type StageSlug } from '../../../graph/model/identity';
import { PERIODS, WORLD_CUP } from '../../../graph/model/vocabulary';
import type { DataLocation } from '../../reading/data-location';
import type { PersonResolver } from '../../person-resolver';
import { canonicalTeamName } from '../../team-names';
import { readMatchClock } from '../../match-clock';
import { stageRecords } from '../../stages';
import { MalformedFileError } from '../../reading/validation';
import { placedStadiums, type OpenfootballYear } from './files';

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

type TeamRecord = FactBundle['teams'][number];
type Match = OpenfootballYear['matches'][number];

/** The year's teams by id, each with every spelling the files give it as an alias. */
function yearTeams(): { team: (name: string, extra?: Partial<TeamRecord>) => string; records: () => Iterable<TeamRecord> } {
  const teams = new Map<string, TeamRecord>();
  const team = (name: string, extra: Partial<TeamRecord> = {}) => {
    const canonical = canonicalTeamName(name);
    const idOf = teamId(canonical, 'MEN');
    const record = teams.get(idOf) ?? { id: idOf, name: canonical, gender: 'MEN' as const, aliases: [], sources: SOURCES };
    Object.assign(record, extra);
    for (const alias of [name, ...(extra.aliases ?? [])]) if (!record.aliases.includes(alias)) record.aliases.push(alias);
    teams.set(idOf, record);
    return idOf;
  };
  return { team, records: () => teams.values() };
}

function addYear(bundle: FactBundle, data: OpenfootballYear, resolver: PersonResolver, location: DataLocation): void {
  const fixturesFile = location.describe(`${data.year}/worldcup.json`);
  const tournament = tournamentId(data.year, 'MEN');
  const { team, records } = yearTeams();
  for (const t of data.teams ?? []) {
    team(t.name, { code: t.fifa_code ?? null, confederation: t.confed ?? null, aliases: t.name_normalised ? [t.name_normalised] : [] });
  }
  const { venueByGround, hosts } = addVenues(bundle, data);
  const scorer = addSquads(bundle, data, tournament, team, resolver);

  const stages = new Set<StageSlug>();
  let winner: string | null = null;
  data.matches.forEach((m, index) => {
    const home = team(m.team1);
    const away = team(m.team2);
    const idOf = matchId(tournament, m.round, canonicalTeamName(m.team1), canonicalTeamName(m.team2));
    stages.add(m.round);
    const matchWinner = addMatch(bundle, m, { id: idOf, tournament, home, away, venueByGround });
    if (m.round === 'final') winner = matchWinner;
    goalsInOrder(m, home, away, (at) => `matches[${index}].${at}`, fixturesFile).forEach(({ g, credited, opponent, clock }, n) => {
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

  bundle.teams.push(...records());
  // Without a stadium file (years before 2026) no hosts are known; what the year does state is
  // reconciled with Fjelstul's fuller tournament in whichever order the two are imported.
  const dates = data.matches.map((m) => m.date).sort();
  bundle.tournaments.push({
    id: tournament, year: data.year, gender: 'MEN', name: tournamentName(data.year, 'MEN'), hosts: [...hosts],
    startDate: dates[0] ?? null, endDate: dates.at(-1) ?? null, winnerTeamId: winner, sources: SOURCES,
  });
  bundle.stages.push(...stageRecords(tournament, stages, SOURCES));
}

/** Venues: 2026 names a match's ground by the stadium's city label; older years by "Stadium, City". */
function addVenues(bundle: FactBundle, data: OpenfootballYear): { venueByGround: Map<string, string>; hosts: Set<string> } {
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
  return { venueByGround, hosts };
}

/**
 * Squads: the people of the tournament, and per team the names their goals are credited under.
 * Returns the person a goal's scorer is: by name within the team's squad; without a squad (older
 * years) by name and team alone.
 */
function addSquads(
  bundle: FactBundle, data: OpenfootballYear, tournament: string, team: (name: string) => string, resolver: PersonResolver,
): (name: string, teamOf: string) => string {
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
  return (name, teamOf) =>
    nameKeys([name]).map((key) => squadNames.get(teamOf)?.get(key)).find(Boolean) ??
    resolver.resolve({
      name, aliases: [], birthDate: null, teamIds: [teamOf], role: 'Player', sourceId: OPENFOOTBALL_SOURCE.id,
      keySpace: `${OPENFOOTBALL_SOURCE.id}/scorers`, ref: `${OPENFOOTBALL_SOURCE.id}/scorers:${teamOf}:${slugify(name)}`,
    });
}

/** Adds the match record and returns its winner, after a shoot-out where there was one. */
function addMatch(
  bundle: FactBundle, m: Match, ids: { id: string; tournament: string; home: string; away: string; venueByGround: Map<string, string> },
): string | null {
  const { id, tournament, home, away } = ids;
  const final = m.score?.et ?? m.score?.ft;
  const penalties = m.score?.p;
  const decider = penalties ?? final;
  const matchWinner = decider ? scoreWinner(home, away, decider[0], decider[1]) : null;
  // Older years name grounds without a stadium file; their venues come from Fjelstul.
  const venue = m.ground ? ids.venueByGround.get(m.ground) ?? null : null;
  bundle.matches.push({
    id, tournamentId: tournament, stageId: stageId(tournament, m.round), stage: m.round, competition: WORLD_CUP,
    group: m.group ?? null, date: m.date, kickoff: m.time?.slice(0, 5) ?? null, venueId: venue,
    homeTeamId: home, awayTeamId: away, homeScore: final?.[0] ?? null, awayScore: final?.[1] ?? null,
    homeScore90: m.score?.ft[0] ?? null, awayScore90: m.score?.ft[1] ?? null, extraTime: m.score ? m.score.et !== undefined : null,
    homePenalties: penalties?.[0] ?? null, awayPenalties: penalties?.[1] ?? null, winnerTeamId: matchWinner, replay: false,
    sources: SOURCES,
  });
  return matchWinner;
}

/** A match's goals of both sides on its clock, in the order they were scored (the file's order breaking ties). */
function goalsInOrder(m: Match, home: string, away: string, at: (field: string) => string, fixturesFile: string) {
  const extraTime = m.score ? m.score.et !== undefined : undefined;
  const goals = [
    ...(m.goals1 ?? []).map((g, i) => ({ g, side: 'goals1', i, credited: home, opponent: away })),
    ...(m.goals2 ?? []).map((g, i) => ({ g, side: 'goals2', i, credited: away, opponent: home })),
  ].map((entry, order) => {
    let clock;
    try {
      clock = readMatchClock(entry.g.minute, extraTime);
    } catch (error) {
      throw new MalformedFileError(fixturesFile, null, (error as Error).message, at(`${entry.side}[${entry.i}].minute`));
    }
    return { ...entry, clock, order };
  });
  return goals.sort((a, b) => PERIODS.indexOf(a.clock.period) - PERIODS.indexOf(b.clock.period) ||
    a.clock.minute - b.clock.minute || (a.clock.addedTime ?? 0) - (b.clock.addedTime ?? 0) || a.order - b.order);
}
