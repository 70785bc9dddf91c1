import { describe, expect, it } from 'vitest';
import { groupVersions, preferenceReason, rankVersions, type SourceStanding } from '../../src/graph/write/dispute-ranking';

const kinds = new Map<string, SourceStanding>([
  ['fjelstul-worldcup', { kind: 'dataset' }],
  ['openfootball-worldcup', { kind: 'dataset' }],
  ['report-a', { kind: 'report' }],
  ['report-b', { kind: 'report' }],
]);

describe('rankVersions', () => {
  it('prefers the version more sources state, even over a data set', () => {
    const [preferred, runnerUp] = rankVersions(
      [{ value: '86', sources: ['openfootball-worldcup'] }, { value: '85', sources: ['report-a', 'report-b'] }], kinds, 'dispute');
    expect(preferred!.value).toBe('85');
    expect(preferenceReason(preferred!, runnerUp!, kinds)).toBe('preferred: stated by 2 sources against 1');
  });

  it('on a tie prefers structured data over prose, then the fixed source order, whatever order it is given', () => {
    const versions = [
      { value: 'a', sources: ['report-a'] },
      { value: 'o', sources: ['openfootball-worldcup'] },
      { value: 'f', sources: ['fjelstul-worldcup'] },
    ];
    expect(rankVersions(versions, kinds, 'dispute').map((v) => v.value)).toEqual(['f', 'o', 'a']);
    expect(rankVersions([...versions].reverse(), kinds, 'dispute').map((v) => v.value)).toEqual(['f', 'o', 'a']);
  });

  it('breaks a tie between reports by source id, never by load order', () => {
    const versions = [{ value: 'b', sources: ['report-b'] }, { value: 'a', sources: ['report-a'] }];
    expect(rankVersions(versions, kinds, 'dispute')[0]!.value).toBe('a');
  });

  it('breaks a tie between reports by their declared precedence first, an undeclared one coming last', () => {
    const standings = new Map<string, SourceStanding>([...kinds, ['report-b', { kind: 'report', precedence: 1 }], ['report-c', { kind: 'report', precedence: 2 }]]);
    const versions = [{ value: 'a', sources: ['report-a'] }, { value: 'c', sources: ['report-c'] }, { value: 'b', sources: ['report-b'] }];
    const ranked = rankVersions(versions, standings, 'dispute');
    expect(ranked.map((v) => v.value)).toEqual(['b', 'c', 'a']);
    expect(preferenceReason(ranked[0]!, ranked[1]!, standings)).toBe('preferred: the report first by declared precedence (report-b)');
    // More sources still come first.
    expect(rankVersions([{ value: 'a', sources: ['report-a', 'report-d'] }, ...versions.slice(1)], standings, 'dispute')[0]!.value).toBe('a');
  });

  it('lets the best-ranked source win a `first` field, however many sources state the other value', () => {
    const versions = [{ value: 'Enzo Fernandez', sources: ['report-a', 'report-b'] }, { value: 'Enzo Fernández', sources: ['fjelstul-worldcup'] }];
    expect(rankVersions(versions, kinds, 'first')[0]!.value).toBe('Enzo Fernández');
  });
});

describe('groupVersions', () => {
  it('makes one version per value, its sources sorted and once each', () => {
    expect(groupVersions([
      { value: '55', sources: ['report-b'] },
      { value: '56', sources: ['openfootball-worldcup'] },
      { value: '55', sources: ['report-a', 'report-b'] },
    ])).toEqual([
      { value: '55', sources: ['report-a', 'report-b'] },
      { value: '56', sources: ['openfootball-worldcup'] },
    ]);
  });
});
