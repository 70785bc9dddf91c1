import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleParts, emptyBundle } from '../../src/graph/model/bundle';
import { openDataLocation } from '../../src/ingest/reading/data-location';
import { buildInternationalResultsBundle, editionsOf, scorerEras } from '../../src/ingest/sources/international-results/bundle';
import { readInternationalResults } from '../../src/ingest/sources/international-results/read';
import { PersonResolver } from '../../src/ingest/person-resolver';
import { teamLineage } from '../../src/ingest/sources/international-results/team-lineage';
import { worldCupStages, type FixtureResult } from '../../src/ingest/sources/international-results/world-cup-stages';

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'international-results');
const tempDirs: string[] = [];
afterAll(() => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the fixture with one file's text replaced. */
function corrupted(file: string, from: string | RegExp, to: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'corrupted-results-'));
  tempDirs.push(dir);
  cpSync(FIXTURE, dir, { recursive: true });
  const text = readFileSync(path.join(dir, file), 'utf8');
  if (!text.match(from)) throw new Error(`the fixture no longer holds ${String(from)}`);
  writeFileSync(path.join(dir, file), text.replace(from, to));
  return dir;
}

describe('reading the international results', () => {
  it.each([
    ['a date that does not exist', 'results.csv', '1986-05-31,Bulgaria,Italy', '1986-05-32,Bulgaria,Italy', /results\.csv:\d+: date: must be a real date YYYY-MM-DD \(got "1986-05-32"\)$/],
    ['a negative score', 'results.csv', '1986-05-31,Bulgaria,Italy,1,1', '1986-05-31,Bulgaria,Italy,-1,1', /results\.csv:\d+: home_score: must be a whole number from 0 to 50 \(got "-1"\)$/],
    ['a team playing itself', 'results.csv', '1986-05-31,Bulgaria,Italy', '1986-05-31,Italy,Italy', /results\.csv:\d+: a team cannot play itself \(Italy\)$/],
    ['a goal of a match the results lack', 'goalscorers.csv', /^1986-05-31,Bulgaria,Italy/m, '1986-05-30,Bulgaria,Italy', /goalscorers\.csv:2: unknown match .* "1986-05-30\|Bulgaria\|Italy"$/],
    ['a goal for neither side', 'goalscorers.csv', /^(1986-05-31,Bulgaria,Italy),Italy/m, '$1,Atlantis', /goalscorers\.csv:2: team "Atlantis" is neither side of the match$/],
    ['a minute past extra time and its stoppage', 'goalscorers.csv', /^(1986-05-31,Bulgaria,Italy,Italy,[^,]+),\d+/m, '$1,151', /goalscorers\.csv:2: minute: must be a whole number from 1 to 150 \(got "151"\)$/],
    ['a missing column', 'former_names.csv', 'current,former,start_date,end_date', 'current,former,start_date,until', /former_names\.csv:1: missing column\(s\): end_date$/],
    ['a former name ending before it starts', 'former_names.csv', /^Russia,Soviet Union,1924-11-16,1991-11-13$/m, 'Russia,Soviet Union,1994-11-16,1991-11-13', /former_names\.csv:\d+: start_date is after end_date$/],
    ['a shoot-out won by neither side', 'shootouts.csv', /^(\d{4}-\d\d-\d\d,[^,]+,[^,]+),[^,]+,/m, '$1,Atlantis,', /shootouts\.csv:2: winner "Atlantis" is neither side of the match$/],
  ] as Array<[string, string, string | RegExp, string, RegExp]>)('rejects %s with file, line and reason', async (_name, file, from, to, error) => {
    await expect(readInternationalResults(openDataLocation(corrupted(file, from, to)))).rejects.toThrow(error);
  });

  it('reads the fixture and builds one match per row, World Cup matches with the data sets\' ids', async () => {
    const data = await readInternationalResults(openDataLocation(FIXTURE));
    const bundle = buildInternationalResultsBundle(data, new PersonResolver([]));
    expect(bundle.matches).toHaveLength(data.results.length);
    const ids = bundle.matches.map((m) => m.id);
    expect(ids).toContain('wc-1986-men-quarter-final-argentina-v-england');
    expect(ids).toContain('wc-1986-men-final-argentina-v-west-germany');
    expect(ids).toContain('wc-2022-men-final-argentina-v-france');
    expect(bundle.matches.find((m) => m.id === 'wc-2022-men-final-argentina-v-france')!.winnerTeamId).toBe('argentina-men');
    // World Cup goals are the World Cup data sets' to state.
    expect(bundle.goals.every((g) => !g.matchId.startsWith('wc-'))).toBe(true);
  });
});

describe('the stage of a World Cup match, from the results alone', () => {
  const match = (date: string, home: string, away: string, homeScore = 1, awayScore = 0): FixtureResult =>
    ({ date, home, away, homeScore, awayScore, shootoutWinner: null });

  it('finds the knockout rounds backwards from the final, a replay in the round of its first match', () => {
    // 1934's shape, shrunk: quarter-finals (one replayed), semi-finals, third place, final.
    const fixtures = [
      match('1934-05-31', 'A', 'B', 1, 1), match('1934-05-31', 'C', 'D'), match('1934-05-31', 'E', 'F'), match('1934-05-31', 'G', 'H'),
      match('1934-06-01', 'A', 'B', 1, 0), match('1934-06-03', 'A', 'C'), match('1934-06-03', 'E', 'G'),
      match('1934-06-07', 'C', 'G'), match('1934-06-10', 'A', 'E'),
    ];
    const staged = worldCupStages(1934, fixtures).map((s) => `${s.stage}${s.replay ? ' replay' : ''}`);
    expect(staged).toEqual([
      'quarter-final', 'quarter-final', 'quarter-final', 'quarter-final', 'quarter-final replay',
      'semi-final', 'semi-final', 'third-place', 'final',
    ]);
  });

  it('tells the final from the third-place match played the same day (1938) by who won their semi-finals', () => {
    const fixtures = [
      match('1938-06-12', 'A', 'B'), match('1938-06-12', 'C', 'D'), match('1938-06-12', 'E', 'F'), match('1938-06-12', 'G', 'H'),
      match('1938-06-16', 'A', 'C'), match('1938-06-16', 'E', 'G'),
      match('1938-06-19', 'A', 'E'), match('1938-06-19', 'C', 'G'),
    ];
    // The third-place match listed last: still not the final.
    const byStage = worldCupStages(1938, fixtures.reverse()).map((s) => [s.fixture.home + s.fixture.away, s.stage]);
    expect(Object.fromEntries(byStage)).toMatchObject({ AE: 'final', CG: 'third-place', AC: 'semi-final', AB: 'quarter-final' });
  });

  it('marks a group play-off between two teams that met in the group (1954)', () => {
    const fixtures = [match('1954-06-17', 'A', 'B'), match('1954-06-20', 'A', 'C'), match('1954-06-23', 'A', 'B')];
    const staged = worldCupStages(1954, [...fixtures, match('1954-06-26', 'A', 'D'), match('1954-06-27', 'E', 'F'),
      match('1954-06-27', 'G', 'H'), match('1954-06-26', 'I', 'J'), match('1954-06-30', 'A', 'E'), match('1954-06-30', 'G', 'I'),
      match('1954-07-03', 'E', 'I'), match('1954-07-04', 'A', 'G')]);
    expect(staged.slice(0, 3).map((s) => [s.stage, s.playOff])).toEqual([['group-stage', false], ['group-stage', false], ['group-stage', true]]);
  });
});

describe('lineage from former names', () => {
  const lineage = teamLineage([
    { current: 'Russia', former: 'Soviet Union', from: '1924-11-16', to: '1991-11-13' },
    { current: 'Russia', former: 'CIS', from: '1992-01-25', to: '1992-06-18' },
    { current: 'Serbia', former: 'FR Yugoslavia', from: '1994-12-23', to: '2003-02-03' },
    { current: 'Serbia', former: 'Serbia and Montenegro', from: '2003-02-04', to: '2006-06-21' },
    { current: 'Northern Ireland', former: 'Ireland', from: '1882-02-18', to: '1956-04-11' },
  ]);

  it('names a team as it played on the day', () => {
    expect(lineage.nameAt('Russia', '1988-06-18')).toBe('Soviet Union');
    expect(lineage.nameAt('Russia', '1992-06-15')).toBe('CIS');
    expect(lineage.nameAt('Russia', '2018-06-14')).toBe('Russia');
    expect(lineage.nameAt('Germany', '1990-07-08')).toBe('West Germany');
    expect(lineage.nameAt('Germany', '1938-06-04')).toBe('Germany');
    expect(lineage.nameAt('Serbia', '1998-06-14')).toBe('Yugoslavia');
    // The IFA's Ireland, not the Republic of Ireland that "Ireland" spells today.
    expect(lineage.nameAt('Northern Ireland', '1900-03-03')).toBe('Ireland');
  });

  it('chains former names to their successors, and declares the ones the list folds in', () => {
    const links = Object.fromEntries(lineage.links().map((l) => [l.predecessor, l.successor]));
    expect(links).toMatchObject({
      'Soviet Union': 'CIS', CIS: 'Russia', Yugoslavia: 'Serbia and Montenegro', 'Serbia and Montenegro': 'Serbia',
      'West Germany': 'Germany', Czechoslovakia: 'Czech Republic', Ireland: 'Northern Ireland',
    });
  });
});

describe('scorers known by name only', () => {
  it('keeps two players of one name and team apart when a decade passes without a goal, and one player together', () => {
    const goal = (date: string, scorer = 'Juan Pérez', teamId = 'argentina-men') => ({ date, scorer, teamId });
    const goals = [goal('1930-07-15'), goal('1937-01-01'), goal('1958-06-08'), goal('1930-07-15', 'Juan Perez', 'uruguay-men')];
    const eras = scorerEras(goals);
    expect(eras.get(goals[0]!)).toBe(eras.get(goals[1]!));
    expect(eras.get(goals[2]!)).not.toBe(eras.get(goals[0]!));
    expect(eras.get(goals[3]!)).not.toBe(eras.get(goals[0]!));
  });

  it('joins a World Cup player of the graph for the era of his World Cup goals only', () => {
    const resolver = new PersonResolver([{ id: 'juan-perez', name: 'Juan Pérez', birthDate: null, nameKeys: ['juan perez'], teamIds: ['argentina-men'], sourceKeys: [], sources: [] }]);
    const first = resolver.resolve({
      name: 'Juan Pérez', aliases: [], birthDate: null, teamIds: ['argentina-men'], role: 'Player', sourceId: 'international-results',
      keySpace: 'international-results/scorers', ref: 'international-results/scorers:argentina-men:juan-perez:1930',
    });
    const later = resolver.resolve({
      name: 'Juan Pérez', aliases: [], birthDate: null, teamIds: ['argentina-men'], role: 'Player', sourceId: 'international-results',
      keySpace: 'international-results/scorers', ref: 'international-results/scorers:argentina-men:juan-perez:1958',
    });
    expect(first).toBe('juan-perez');
    expect(later).not.toBe('juan-perez');
  });
});

describe('editions', () => {
  it('splits a competition into editions at long gaps, named by the year each began; none for friendlies and qualifiers', () => {
    const rows = [
      { date: '2023-12-30', tournament: 'AFC Asian Cup' }, { date: '2024-01-12', tournament: 'AFC Asian Cup' },
      { date: '2027-01-07', tournament: 'AFC Asian Cup' }, { date: '2024-01-12', tournament: 'Friendly' },
      { date: '2024-01-12', tournament: 'FIFA World Cup qualification' },
    ];
    expect([...editionsOf(rows)].sort(([a], [b]) => a - b)).toEqual([[0, 'AFC Asian Cup 2023'], [1, 'AFC Asian Cup 2023'], [2, 'AFC Asian Cup 2027']]);
  });
});

describe('bundleParts', () => {
  it('keeps a bundle within the limit whole, and cuts a larger one with each match\'s goals beside it', () => {
    const bundle = emptyBundle();
    bundle.people.push({ id: 'p', name: 'P', roles: ['Player'], aliases: [], sources: [] });
    for (let n = 0; n < 10; n++) {
      bundle.matches.push({ id: `m${n}`, homeTeamId: 'a', awayTeamId: 'b', sources: [] });
      bundle.goals.push({ id: `m${n}-goal-1`, matchId: `m${n}`, teamId: 'a', scorerId: 'p', sequence: 1, minute: 5, penalty: false, ownGoal: false, sources: [] });
    }
    expect(bundleParts(bundle, { whole: 21, part: 4 })).toEqual([bundle]);
    const parts = bundleParts(bundle, { whole: 20, part: 4 });
    expect(parts[0]!.people).toHaveLength(1);
    expect(parts[0]!.matches).toHaveLength(0);
    expect(parts.slice(1).map((p) => [p.matches.map((m) => m.id), p.goals.map((g) => g.matchId)])).toEqual(
      [0, 2, 4, 6, 8].map((n) => [[`m${n}`, `m${n + 1}`], [`m${n}`, `m${n + 1}`]]),
    );
  });
});
