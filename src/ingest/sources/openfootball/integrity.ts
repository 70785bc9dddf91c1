import { canonicalTeamName } from '../../team-names';
import type { OpenfootballYear } from './files';
import { everyRow, mustReference, uniqueBy, type RowPlace } from '../../reading/validation';

type Placed<T> = RowPlace & { value: T };
const placed = <T>(items: readonly T[], where: (index: number) => string): Array<Placed<T>> =>
  items.map((value, index) => ({ value, line: null, where: where(index) }));

/**
 * What no single value can show, for one year's files: names unique in each file, every team a
 * match or squad names declared where the year has a teams file, every ground a stadium of the
 * stadiums file, and each match's goals adding up to its score. A team is compared by its canonical
 * name, so "USA" in one file and "United States" in another are the same team.
 */
export function checkOpenfootballYear(data: OpenfootballYear, describe: (file: string) => string): void {
  const fixtures = describe('worldcup.json');
  const team = (name: string) => canonicalTeamName(name);
  const matches = placed(data.matches, (i) => `matches[${i}]`);

  const teams = data.teams && placed(data.teams, (i) => `[${i}]`);
  if (teams) uniqueBy(describe('worldcup.teams.json'), teams, (t) => team(t.value.name), 'team');
  const declared = teams && new Set(teams.map((t) => team(t.value.name)));

  const stadiums = data.stadiums && placed(data.stadiums, (i) => `stadiums[${i}]`);
  if (stadiums) {
    uniqueBy(describe('worldcup.stadiums.json'), stadiums, (s) => s.value.name, 'stadium name');
    uniqueBy(describe('worldcup.stadiums.json'), stadiums, (s) => s.value.city, 'stadium city label');
  }

  if (data.squads) {
    const file = describe('worldcup.squads.json');
    const squads = placed(data.squads, (i) => `[${i}]`);
    uniqueBy(file, squads, (s) => team(s.value.name), 'squad of team');
    if (declared) mustReference(file, squads, (s) => team(s.value.name), declared, 'team (not in worldcup.teams.json)');
    const playing = new Set(data.matches.flatMap((m) => [team(m.team1), team(m.team2)]));
    mustReference(file, squads, (s) => team(s.value.name), playing, 'team (it plays no match in worldcup.json)');
    squads.forEach((squad) => {
      const players = placed(squad.value.players, (j) => `${squad.where}.players[${j}]`);
      uniqueBy(file, players, (p) => `${p.value.name} ${p.value.date_of_birth ?? ''}`.trim(), 'player');
      uniqueBy(file, players, (p) => (p.value.number === undefined ? null : String(p.value.number)), 'shirt number');
    });
  }

  uniqueBy(fixtures, matches, (m) => (m.value.num === undefined ? null : String(m.value.num)), 'match number');
  uniqueBy(fixtures, matches, (m) => `${m.value.round}: ${[team(m.value.team1), team(m.value.team2)].sort().join(' v ')}`, 'match');
  if (declared) {
    mustReference(fixtures, matches, (m) => team(m.value.team1), declared, 'team1 (not in worldcup.teams.json)');
    mustReference(fixtures, matches, (m) => team(m.value.team2), declared, 'team2 (not in worldcup.teams.json)');
  }
  if (data.stadiums) {
    // 2026 names a ground by its stadium's city label ("Atlanta"); 2022 by "Stadium, City", where
    // the stadium file tells a city's grounds apart as "Doha (1)" and may spell the stadium otherwise.
    const cities = new Set(data.stadiums.flatMap((s) => [s.city, s.city.replace(/\s*\(\d+\)$/, '')]));
    const groundCity = (ground: string) => (cities.has(ground) ? ground : ground.split(', ').at(-1)!);
    mustReference(fixtures, matches, (m) => (m.value.ground ? groundCity(m.value.ground) : null), cities, 'ground (no stadium of worldcup.stadiums.json is in that city)');
  }
  everyRow(fixtures, matches, ({ value: m }) =>
    team(m.team1) === team(m.team2) ? `team1 and team2 are both ${m.team1}`
    : !m.date.startsWith(`${data.year}-`) ? `date ${m.date} is not in ${data.year}`
    : scoreProblem(m.score));

  for (const match of matches) {
    const { goals1, goals2, score } = match.value;
    const goals = [
      ...placed(goals1 ?? [], (j) => `${match.where}.goals1[${j}]`),
      ...placed(goals2 ?? [], (j) => `${match.where}.goals2[${j}]`),
    ];
    uniqueBy(fixtures, goals, (g) => `${g.value.name} ${g.value.minute}`, 'goal (scorer and minute)');
    // Older years list no goals at all; where a match lists them, they must add up to its score.
    const final = score?.et ?? score?.ft;
    if (!final || (goals1 === undefined && goals2 === undefined)) continue;
    everyRow(fixtures, [match], () => {
      const listed = [goals1?.length ?? 0, goals2?.length ?? 0];
      return listed[0] === final[0] && listed[1] === final[1]
        ? null
        : `goals1 and goals2 list ${listed.join('-')} goals, but the score is ${final.join('-')}`;
    });
  }
}

type Score = [number, number];

/** Half-time within full time, extra time only after a level full time, a shoot-out only after a level draw, and won. */
function scoreProblem(score: { ft: Score; ht?: Score; et?: Score; p?: Score } | undefined): string | null {
  if (!score) return null;
  const { ft, ht, et, p } = score;
  const show = (s: Score) => s.join('-');
  if (ht && (ht[0] > ft[0] || ht[1] > ft[1])) return `score.ht ${show(ht)} is more than score.ft ${show(ft)}`;
  if (et && ft[0] !== ft[1]) return `score.et follows a full time that is not level (${show(ft)})`;
  if (et && (et[0] < ft[0] || et[1] < ft[1])) return `score.et ${show(et)} is less than score.ft ${show(ft)}`;
  const final = et ?? ft;
  if (p && final[0] !== final[1]) return `score.p follows a score that is not level (${show(final)})`;
  if (p && p[0] === p[1]) return `score.p ${show(p)} is level: a shoot-out has a winner`;
  return null;
}
