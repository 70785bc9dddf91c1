import { describe, expect, it } from 'vitest';
import { consecutiveRuns, deficitOverturned, trailingRun, winlessRunBefore } from '../../../src/graph/read/claims/claim-computations';
import { claimMetric } from '../../../src/graph/read/claims/claim-metrics';
import { resolveClaimScope } from '../../../src/graph/read/claims/claim-scope';
import { ClaimVerdict, decideVerdict, pairFigures } from '../../../src/graph/read/claims/claim-verdict';

describe('the verdict rule', () => {
  it('confirms equal figures over complete data', () => {
    expect(decideVerdict([{ stated: 2, computed: 2, complete: true }])).toBe(ClaimVerdict.CONFIRMED);
  });
  it('contradicts a differing figure only where its data is complete', () => {
    expect(decideVerdict([{ stated: 3, computed: 2, complete: true }])).toBe(ClaimVerdict.CONTRADICTED);
    expect(decideVerdict([{ stated: 12, computed: 2, complete: false }])).toBe(ClaimVerdict.PARTIAL_DATA);
    expect(decideVerdict([{ stated: 3, computed: 3, complete: true }, { stated: 2, computed: 1, complete: true }]))
      .toBe(ClaimVerdict.CONTRADICTED);
  });
  it('gives no verdict either way while any compared figure lacks data', () => {
    expect(decideVerdict([{ stated: 3, computed: 3, complete: true }, { stated: 2, computed: 2, complete: false }]))
      .toBe(ClaimVerdict.PARTIAL_DATA);
  });
  it('is NOT_COMPUTABLE when the graph computes none of the figures', () => {
    expect(decideVerdict([])).toBe(ClaimVerdict.NOT_COMPUTABLE);
    expect(decideVerdict([{ stated: 4, computed: null, complete: true }])).toBe(ClaimVerdict.NOT_COMPUTABLE);
  });
});

describe('pairing stated and computed figures', () => {
  const computed = { figures: { goals: 3, 'goals as a substitute': 2, Argentina: 7 }, series: [1986, 1990] };
  it('pairs `value` with the primary figure and `values` by label, case ignored, else by position in the series', () => {
    expect(pairFigures({ value: 3, values: [3, 2], valueLabels: ['Goals', 'goals as a substitute'] }, computed, 'goals'))
      .toMatchObject({ value: 3, values: [3, 2] });
    expect(pairFigures({ value: 2, values: [1986, 1990], valueLabels: ['previous run from', 'previous run to'] }, computed, 'goals'))
      .toMatchObject({ value: 3, values: [1986, 1990] });
  });
  it('leaves a value without a figure null, so it does not count towards the verdict', () => {
    const { values, pairs } = pairFigures({ values: [1, 2, 3], valueLabels: ['a', 'b', 'c'] }, { figures: {}, series: [] }, 'x');
    expect(values).toEqual([null, null, null]);
    expect(pairs.every((pair) => pair.computed === null)).toBe(true);
  });
});

describe('a claim\'s scope', () => {
  const about = [
    { id: 'lautaro-martinez', role: 'subject' },
    { id: 'wc-2026-men', role: 'tournament' },
    { id: 'wc-2026-men-semi-final-argentina-v-england', role: 'as-of' },
  ];
  it('takes subject, tournament and "as of" from the roles', () => {
    expect(resolveClaimScope({ id: 'c', scope: 'world-cup-2026', about })).toEqual({
      key: 'c', subjectId: 'lautaro-martinez', comparedIds: ['lautaro-martinez'], matchId: null,
      tournamentId: 'wc-2026-men', asOfMatchId: 'wc-2026-men-semi-final-argentina-v-england', allCompetitions: false,
    });
  });
  it('limits a match-scope claim to its match, which is also its "as of"', () => {
    expect(resolveClaimScope({ id: 'c', scope: 'match', about: [{ id: 'p', role: 'subject' }, { id: 'm', role: 'match' }] }))
      .toMatchObject({ matchId: 'm', asOfMatchId: 'm', tournamentId: null });
  });
  it('reads the tournament from a `world-cup-YYYY` scope and keeps compared teams in order', () => {
    expect(resolveClaimScope({
      id: 'c', scope: 'world-cup-1970',
      about: [{ id: 'a', role: 'subject' }, { id: 'b', role: 'level-with' }, { id: 'm', role: 'match' }, { id: 'c', role: 'more' }],
    })).toMatchObject({ tournamentId: 'wc-1970-men', comparedIds: ['a', 'b', 'c'], matchId: null, asOfMatchId: 'm' });
  });
});

describe('the pure parts of computations', () => {
  it('counts the run of matches up to the last', () => {
    expect(trailingRun([true, false, true, true])).toBe(2);
    expect(trailingRun([true, true])).toBe(2);
    expect(trailingRun([false])).toBe(0);
    expect(trailingRun([])).toBe(0);
  });
  it('finds runs of consecutive tournaments', () => {
    expect(consecutiveRuns([1978, 1982, 1986, 1990, 1994, 2022, 2026], [true, false, true, true, false, true, true]))
      .toEqual([[1978, 1978], [1986, 1990], [2022, 2026]]);
  });
  it('measures the deficit a winner overturned, in the order the goals were scored', () => {
    const goals = ['egypt', 'egypt', 'argentina', 'argentina', 'argentina'].map((teamId, i) => ({ id: `g${i}`, teamId }));
    expect(deficitOverturned(goals, 'argentina', 'argentina')).toBe(2);
    expect(deficitOverturned(goals, 'egypt', 'argentina')).toBe(0);
    expect(deficitOverturned(goals.slice(2), 'argentina', 'argentina')).toBe(0);
  });
  it('knows the metrics the seeds use, and no others', () => {
    expect(claimMetric('world-cup-goals')?.computation.name).toBe('player-goals');
    expect(claimMetric('head-to-head-record')?.computation.name).toBe('team-head-to-head');
    expect(claimMetric('winless-run-ended')?.computation.name).toBe('team-winless-run');
    expect(claimMetric('international-goals')).toBeUndefined();
    expect(claimMetric('toString')).toBeUndefined();
  });
});

describe('winlessRunBefore', () => {
  const meeting = (id: string, goalsFor: number | null, goalsAgainst: number | null, shootout = false) => ({ id, goalsFor, goalsAgainst, shootout });
  const history = [
    meeting('1986', 2, 1), meeting('1991', 2, 2), meeting('1998', 2, 2, true), meeting('fixture', null, null),
    meeting('2002', 0, 1), meeting('2026', 2, 1), meeting('2030', 0, 0),
  ];

  it('counts the meetings with a result since the last win before the match that ended the run, a shoot-out win as a draw', () => {
    expect(winlessRunBefore(history, '2026')).toEqual({ matches: ['1991', '1998', '2002'], lastWin: '1986' });
  });
  it('counts up to the last meeting when the match is not among them, and none after a win', () => {
    expect(winlessRunBefore(history, null)).toEqual({ matches: ['2030'], lastWin: '2026' });
    expect(winlessRunBefore(history.slice(0, 1), null)).toEqual({ matches: [], lastWin: '1986' });
  });
  it('has no last win when the team never beat the other', () => {
    expect(winlessRunBefore(history.slice(1, 5), null)).toEqual({ matches: ['1991', '1998', '2002'], lastWin: null });
  });
});
