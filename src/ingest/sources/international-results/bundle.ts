import { scoreWinner } from '../../../graph/read/analytics/match-results';
import { emptyBundle, type FactBundle, type MatchRecord, type SourceRecord, type TeamRecord } from '../../../graph/model/bundle';
import { fold } from '../../../graph/model/fold';
import { competitionMatchId, goalId, matchId, playOffMatchId, slugify, stageId, teamId, tournamentId, tournamentName, type StageSlug } from '../../../graph/model/identity';
import { WORLD_CUP } from '../../../graph/model/vocabulary';
import type { PersonResolver } from '../../person-resolver';
import { stageRecords } from '../../stages';
import { teamLineage } from './team-lineage';
import { fixtureKey, type InternationalResults, type ResultRow } from './read';
import { worldCupStages } from './world-cup-stages';
import { groupedBy } from '../../../grouped-by';

export const INTERNATIONAL_RESULTS_SOURCE: SourceRecord = {
  id: 'international-results',
  title: "International football results from 1872: every men's full international, its goalscorers and shoot-outs",
  kind: 'dataset',
  publisher: 'Mart Jürisoo (martj42)',
  url: 'https://github.com/martj42/international_results',
  licence: 'CC0 1.0 (public domain dedication, https://creativecommons.org/publicdomain/zero/1.0/)',
  attribution: 'International football results from 1872 by Mart Jürisoo, dedicated to the public domain (CC0 1.0); no attribution required.',
};
const SOURCES = [INTERNATIONAL_RESULTS_SOURCE.id];


/** Competitions without editions: friendlies, and qualifiers, whose cycle the list does not name. */
const hasEditions = (competition: string) => competition !== 'Friendly' && !/qualification/i.test(competition);
/** A gap this long between two matches of one competition starts its next edition. */
const EDITION_GAP_DAYS = 120;
/** A scorer of one team and name with no goal for this long is another player of the same name. */
const ERA_GAP_YEARS = 10;
const yearsBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / (365.25 * 86_400_000);

/**
 * The edition of each match of a competition that has them, named by its competition and the
 * year it began ("Copa América 2021"): the competition's matches in date order, split where a
 * long gap falls.
 */
export function editionsOf(rows: ReadonlyArray<{ date: string; tournament: string }>): Map<number, string> {
  const editions = new Map<number, string>();
  const withEditions = rows.flatMap((row, index) => (hasEditions(row.tournament) ? [index] : []));
  for (const [competition, indexes] of groupedBy(withEditions, (index) => rows[index]!.tournament)) {
    indexes.sort((a, b) => rows[a]!.date.localeCompare(rows[b]!.date));
    let started = '';
    let last = '';
    for (const index of indexes) {
      const date = rows[index]!.date;
      if (!last || yearsBetween(last, date) * 365.25 > EDITION_GAP_DAYS) started = date.slice(0, 4);
      last = date;
      editions.set(index, `${competition} ${started}`);
    }
  }
  return editions;
}

/**
 * Scorers known by name only: one team's goals under one name, split into eras where the name
 * scores nothing for `ERA_GAP_YEARS`; each era is one player unless evidence says otherwise.
 */
export function scorerEras<G extends { teamId: string; scorer: string; date: string }>(goalsOf: readonly G[]): Map<G, string> {
  const byName = new Map<string, G[]>();
  for (const goal of goalsOf) {
    const key = `${goal.teamId}|${fold(goal.scorer)}`;
    byName.set(key, [...(byName.get(key) ?? []), goal]);
  }
  const eras = new Map<G, string>();
  for (const [key, list] of byName) {
    list.sort((a, b) => a.date.localeCompare(b.date));
    let era = '';
    let last = '';
    for (const goal of list) {
      if (!last || yearsBetween(last, goal.date) > ERA_GAP_YEARS) era = `${key.replace(/\|.*/, '')}:${slugify(goal.scorer)}:${goal.date.slice(0, 4)}`;
      last = goal.date;
      eras.set(goal, era);
    }
  }
  return eras;
}

export function buildInternationalResultsBundle(data: InternationalResults, resolver: PersonResolver): FactBundle {
  const bundle = emptyBundle();
  bundle.sources.push(INTERNATIONAL_RESULTS_SOURCE);
  const lineage = teamLineage(data.former_names.map((f) => ({ current: f.current, former: f.former, from: f.start_date, to: f.end_date })));
  const teams = new Map<string, TeamRecord & { firstMatch?: string; lastMatch?: string }>();
  const team = (name: string) => {
    const id = teamId(name, 'MEN');
    const record = teams.get(id) ?? { id, name, gender: 'MEN' as const, aliases: [name], sources: SOURCES };
    teams.set(id, record);
    return id;
  };
  const teamAt = (current: string, date: string) => team(lineage.nameAt(current, date));

  // A shoot-out after a match that was not level settled a two-legged tie, not the match.
  const level = new Set(data.results.filter((r) => r.home_score === r.away_score).map(fixtureKey));
  const shootoutWinner = new Map(data.shootouts.filter((s) => level.has(fixtureKey(s))).map((s) => [fixtureKey(s), s.winner]));
  const editions = editionsOf(data.results);
  const matchIds = new Map<string, { id: string; worldCup: boolean; home: string; away: string }>();

  // World Cup matches take the ids of the data sets that name their stage: the stage follows from the results.
  // Loaded before or after those data sets, the list yields to their home side (match-orientation.ts).
  const worldCups = new Map<number, Array<ResultRow>>();
  for (const row of data.results) {
    if (row.tournament === WORLD_CUP) {
      const year = Number(row.date.slice(0, 4));
      worldCups.set(year, [...(worldCups.get(year) ?? []), row]);
    }
  }
  const worldCupStage = new Map<ResultRow, { tournament: string; stage: StageSlug; id: string }>();
  for (const [year, rows] of worldCups) {
    const fixtures = rows.map((row) => ({
      row, date: row.date, home: teamAt(row.home_team, row.date), away: teamAt(row.away_team, row.date),
      homeScore: row.home_score, awayScore: row.away_score, shootoutWinner: null as string | null,
    }));
    for (const f of fixtures) {
      const winner = shootoutWinner.get(fixtureKey(f.row));
      f.shootoutWinner = winner === undefined ? null : teamAt(winner, f.row.date);
    }
    const tournament = tournamentId(year, 'MEN');
    const slugs = new Set<StageSlug>();
    for (const staged of worldCupStages(year, fixtures)) {
      const names = [teams.get(staged.fixture.home)!.name, teams.get(staged.fixture.away)!.name] as const;
      const id = matchId(tournament, staged.stage, names[0], names[1], staged.replay);
      worldCupStage.set(staged.fixture.row, { tournament, stage: staged.stage, id: staged.playOff ? playOffMatchId(id) : id });
      slugs.add(staged.stage);
    }
    // Named for a graph without the World Cup data sets; cited by nobody, so it states nothing about the tournament.
    bundle.tournaments.push({ id: tournament, year, gender: 'MEN', name: tournamentName(year, 'MEN'), hosts: [], sources: [] });
    bundle.stages.push(...stageRecords(tournament, slugs, SOURCES));
  }

  const taken = new Set<string>();
  /** `{date}-{teamA}-v-{teamB}`; a second meeting of the same day gets `-2`. */
  const freeMatchId = (date: string, home: string, away: string) => {
    const base = competitionMatchId(date, home, away);
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return id;
  };
  data.results.forEach((row, index) => {
    const home = teamAt(row.home_team, row.date);
    const away = teamAt(row.away_team, row.date);
    for (const record of [teams.get(home)!, teams.get(away)!]) {
      if (!record.firstMatch || row.date < record.firstMatch) record.firstMatch = row.date;
      if (!record.lastMatch || row.date > record.lastMatch) record.lastMatch = row.date;
    }
    const shootout = shootoutWinner.get(fixtureKey(row));
    const winner = scoreWinner(home, away, row.home_score, row.away_score) ?? (shootout !== undefined ? teamAt(shootout, row.date) : null);
    const staged = worldCupStage.get(row);
    const id = staged?.id ?? freeMatchId(row.date, home, away);
    const record: MatchRecord = {
      id, homeTeamId: home, awayTeamId: away, date: row.date, homeScore: row.home_score, awayScore: row.away_score,
      winnerTeamId: winner, competition: row.tournament, sources: SOURCES,
      ...(staged
        ? { tournamentId: staged.tournament, stageId: stageId(staged.tournament, staged.stage), stage: staged.stage, edition: `${WORLD_CUP} ${row.date.slice(0, 4)}` }
        : { city: row.city || null, edition: editions.get(index) ?? null }),
    };
    bundle.matches.push(record);
    matchIds.set(fixtureKey(row), { id, worldCup: staged !== undefined, home, away });
  });

  addGoals(bundle, data, matchIds, teamAt, resolver);

  for (const link of lineage.links()) {
    const predecessor = team(link.predecessor);
    const record = teams.get(predecessor)!;
    record.successorId = team(link.successor);
    // The period of the former name, widened to the matches the list files under it.
    record.activeFrom = [link.from, record.firstMatch].filter(Boolean).sort()[0] ?? null;
    record.activeUntil = [link.to, record.lastMatch].filter(Boolean).sort().at(-1) ?? null;
  }
  bundle.teams.push(...[...teams.values()].map(({ firstMatch: _first, lastMatch: _last, ...record }) => record));
  bundle.people.push(...resolver.records());
  return bundle;
}

/**
 * Goals of the matches the World Cup data sets do not cover, each scorer resolved by name, team
 * and era. A World Cup goal is not stated again (Fjelstul and openfootball give it with the
 * scorer's id), but it tells which era of a name the World Cup player is: that era is resolved
 * first, so a namesake of another era of the same team never takes the World Cup player's place.
 */
function addGoals(
  bundle: FactBundle,
  data: InternationalResults,
  matchIds: ReadonlyMap<string, { id: string; worldCup: boolean; home: string; away: string }>,
  teamAt: (current: string, date: string) => string,
  resolver: PersonResolver,
): void {
  const scores = new Map(data.results.map((r) => [fixtureKey(r), [r.home_score, r.away_score] as [number, number]]));
  const located = data.goalscorers.map((g) => {
    const match = matchIds.get(fixtureKey(g))!;
    const credited = teamAt(g.team, g.date);
    const opponent = credited === match.home ? match.away : match.home;
    // An own goal is listed under the team it counts for, but scored by an opponent.
    return {
      g, match, credited, teamId: g.own_goal ? opponent : credited, scorer: g.scorer, date: g.date,
      homeSide: g.team === g.home_team, score: scores.get(fixtureKey(g))!,
    };
  });
  const eras = scorerEras(located);
  const worldCupEras = new Set(located.filter((l) => l.match.worldCup).map((l) => eras.get(l)!));
  const keySpace = `${INTERNATIONAL_RESULTS_SOURCE.id}/scorers`;
  const personOf = new Map<string, string>();
  const ordered = [...new Set(located.map((l) => eras.get(l)!))]
    .sort((a, b) => Number(worldCupEras.has(b)) - Number(worldCupEras.has(a)) || a.localeCompare(b));
  const sample = new Map(located.map((l) => [eras.get(l)!, l]));
  for (const era of ordered) {
    const l = sample.get(era)!;
    personOf.set(era, resolver.resolve({
      name: l.scorer, aliases: [], birthDate: null, teamIds: [l.teamId], role: 'Player',
      sourceId: INTERNATIONAL_RESULTS_SOURCE.id, keySpace, ref: `${keySpace}:${era}`,
    }));
  }
  const byMatch = new Map<string, typeof located>();
  for (const l of located) if (!l.match.worldCup && l.g.minute !== null) byMatch.set(l.match.id, [...(byMatch.get(l.match.id) ?? []), l]);
  for (const [match, list] of byMatch) {
    if (!addsUpToScore(list)) continue;
    list.sort((a, b) => a.g.minute! - b.g.minute!);
    list.forEach((l, n) => {
      bundle.goals.push({
        id: goalId(match, n + 1), matchId: match, teamId: l.credited, scorerId: personOf.get(eras.get(l)!)!, sequence: n + 1,
        minute: l.g.minute!, addedTime: null, period: null, penalty: l.g.penalty, ownGoal: l.g.own_goal, sources: SOURCES,
      });
    });
  }
}

/**
 * Whether a match's goals with a minute give each side its score: a list that does not (14 matches
 * of the list) is left out, as the graph's invariants require of a match whose goals are stated.
 */
function addsUpToScore(goals: ReadonlyArray<{ homeSide: boolean; score: readonly [number, number] }>): boolean {
  const home = goals.filter((goal) => goal.homeSide).length;
  const [homeScore, awayScore] = goals[0]!.score;
  return home === homeScore && goals.length - home === awayScore;
}

/** Goals with a minute of the matches (World Cup aside) whose goals with a minute do not give the score. */
function unscoredGoals(data: InternationalResults): number {
  const scores = new Map(data.results.filter((r) => r.tournament !== WORLD_CUP).map((r) => [fixtureKey(r), [r.home_score, r.away_score] as const]));
  const byMatch = new Map<string, Array<{ homeSide: boolean; score: readonly [number, number] }>>();
  for (const g of data.goalscorers) {
    const score = scores.get(fixtureKey(g));
    if (score && g.minute !== null) byMatch.set(fixtureKey(g), [...(byMatch.get(fixtureKey(g)) ?? []), { homeSide: g.team === g.home_team, score }]);
  }
  return [...byMatch.values()].filter((goals) => !addsUpToScore(goals)).reduce((n, goals) => n + goals.length, 0);
}

/** What the files hold that the graph does not get. */
export function skippedOf(data: InternationalResults): Array<{ what: string; count: number; reason: string }> {
  const worldCup = new Set(data.results.filter((r) => r.tournament === WORLD_CUP).map(fixtureKey));
  return [
    { what: 'World Cup goals', count: data.goalscorers.filter((g) => worldCup.has(fixtureKey(g))).length, reason: 'Fjelstul and openfootball give them with their scorers; they only place a name in its era here' },
    { what: 'goals without a minute', count: data.goalscorers.filter((g) => g.minute === null && !worldCup.has(fixtureKey(g))).length, reason: 'a goal is placed by its minute; the other goals of their matches are left out too, as below' },
    { what: 'goals of matches whose listed goals do not add up to the score', count: unscoredGoals(data), reason: 'a match states its goals whole or not at all (the graph checks that they give the score)' },
    { what: 'shoot-outs of matches the results lack', count: data.orphanShootouts, reason: 'no match to attach them to' },
    { what: 'neutral-venue flags and host countries', count: data.results.length, reason: 'not in the model' },
  ];
}
