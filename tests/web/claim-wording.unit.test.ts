import { describe, expect, it } from 'vitest';
import {
  describeEvidence,
  describeEvidenceCount,
  describeFigures,
  describeDifferingParts,
  describeGraphFigures,
  describeIncompleteCoverage,
  describeStatedFigures,
  evidenceHref,
  summarizeVerdicts,
  verdictClassName,
} from '../../web/explorer/claim-wording';
import type { ClaimVerdict, MatchSummary, MatchClaim } from '../../web/explorer/explorer-queries';

const team = (name: string) => ({ id: `${name.toLowerCase()}-men`, name });

const SEMI_FINAL: MatchSummary = {
  id: 'wc-2026-men-semi-final-argentina-v-england',
  date: '2026-07-15',
  competition: 'FIFA World Cup',
  edition: null,
  stage: 'SEMI_FINAL',
  stageName: 'Semi-final',
  tournament: { year: 2026 },
  homeTeam: team('England'),
  awayTeam: team('Argentina'),
  homeScore: 1,
  awayScore: 2,
  penalties: null,
  winner: team('Argentina'),
};

function claim(
  verdict: ClaimVerdict,
  stated: Pick<MatchClaim, 'value' | 'values' | 'valueLabels'>,
  computed: Pick<MatchClaim['check'], 'value' | 'values'>,
  parts: MatchClaim['check']['parts'] = [],
): MatchClaim {
  return {
    id: `claim-${verdict}`,
    statement: 'A claim.',
    metric: 'world-cup-final-appearances',
    ...stated,
    sources: [],
    check: { ...computed, verdict, parts, coverage: [], evidence: [] },
  };
}

const FINALS = claim(
  'CONTRADICTED',
  { value: 7, values: [7, 7, 8], valueLabels: ['Argentina', 'Brazil', 'Germany'] },
  { value: 7, values: [7, 6, 2] },
  [
    { label: null, stated: 7, computed: 7, verdict: 'CONFIRMED' },
    { label: 'Argentina', stated: 7, computed: 7, verdict: 'CONFIRMED' },
    { label: 'Brazil', stated: 7, computed: 6, verdict: 'CONTRADICTED' },
    { label: 'Germany', stated: 8, computed: 2, verdict: 'CONTRADICTED' },
  ],
);

describe('the claims panel wording', () => {
  it("puts the report's figures and the graph's side by side, each of several figures named by its label", () => {
    expect(describeStatedFigures(FINALS)).toBe('7 (Argentina 7, Brazil 7, Germany 8)');
    expect(describeGraphFigures(FINALS)).toBe('7 (Argentina 7, Brazil 6, Germany 2)');
    expect(describeFigures(12, null, null)).toBe('12');
    expect(describeFigures(null, [6, 2, 6], ['wins', 'draws', 'losses'])).toBe('wins 6, draws 2, losses 6');
    // A figure the graph does not compute is a dash; unlabelled values are numbered.
    expect(describeFigures(1, [null, 1990], null)).toBe('1 (#1 –, #2 1990)');
  });

  it('names the numbers that differ, and nothing where none does', () => {
    expect(describeDifferingParts(FINALS)).toBe("differs: Brazil 7 against the graph's 6; Germany 8 against 2");
    expect(describeDifferingParts(claim('CONFIRMED', { value: 7, values: null, valueLabels: null }, { value: 7, values: null }))).toBeNull();
  });

  it('says "not computed" when the graph has no figure at all, rather than a row of dashes', () => {
    const rankings = claim('NOT_COMPUTABLE', { value: 1992, values: [1, 2], valueLabels: ['Argentina ranking', 'Spain ranking'] }, { value: null, values: [null, null] });
    expect(describeStatedFigures(rankings)).toBe('1992 (Argentina ranking 1, Spain ranking 2)');
    expect(describeGraphFigures(rankings)).toBe('not computed');
    expect(describeGraphFigures(claim('NOT_COMPUTABLE', { value: 5, values: null, valueLabels: null }, { value: null, values: null }))).toBe('not computed');
  });

  it('names the World Cups whose data is incomplete, only for the kinds of fact that are', () => {
    expect(describeIncompleteCoverage([
      { facts: 'goals', complete: true, covered: [{ year: 2022 }], uncovered: [] },
      { facts: 'assists', complete: false, covered: [{ year: 2026 }, { year: 2018 }], uncovered: [{ year: 2022 }, { year: 2006 }, { year: 2022 }] },
      { facts: 'lineups', complete: false, covered: [], uncovered: [{ year: 2026 }] },
    ])).toEqual([
      'assists: complete for 2018, 2026; incomplete for 2006, 2022',
      'lineups: incomplete for 2026',
    ]);
  });

  it('gives each verdict its own class and counts them, disagreements first', () => {
    expect(verdictClassName('PARTIAL_DATA')).toBe('verdict-partial-data');
    expect(verdictClassName('CONTRADICTED')).toBe('verdict-contradicted');
    const claims = [
      claim('CONFIRMED', FINALS, FINALS),
      claim('PARTIAL_DATA', FINALS, FINALS),
      claim('PARTIAL_DATA', FINALS, FINALS),
      FINALS,
    ];
    expect(summarizeVerdicts(claims)).toBe('4 claims about this match: 1 contradicted, 1 confirmed, 2 partial data');
    expect(summarizeVerdicts([])).toBe('No claims about this match.');
  });

  it('describes each counted fact as the records name it, and links goals and matches to their head-to-head', () => {
    const goal = {
      __typename: 'Goal' as const,
      id: `${SEMI_FINAL.id}-goal-3`,
      minute: 90,
      addedTime: 2,
      scorer: { id: 'lautaro-martinez', name: 'Lautaro Martínez' },
      match: SEMI_FINAL,
    };
    expect(describeEvidence(goal)).toBe("90+2' Lautaro Martínez · 2026-07-15 · 2026 Semi-final · England 1–2 Argentina");
    expect(describeEvidence({ __typename: 'Match', ...SEMI_FINAL })).toBe('2026-07-15 · 2026 Semi-final · England 1–2 Argentina');
    expect(describeEvidence({ __typename: 'Tournament', id: 'wc-1934-men', name: '1934 FIFA World Cup' })).toBe('1934 FIFA World Cup');
    expect(evidenceHref(goal)).toBe('?teamA=England&teamB=Argentina&match=wc-2026-men-semi-final-argentina-v-england');
    const friendly = { ...SEMI_FINAL, id: '1974-05-22-argentina-v-england', date: '1974-05-22', tournament: null, competition: 'Friendly' };
    expect(evidenceHref({ __typename: 'Match', ...friendly })).toBe('?teamA=England&teamB=Argentina&match=1974-05-22-argentina-v-england&scope=ALL_MATCHES');
    expect(evidenceHref({ __typename: 'Player', id: 'lionel-messi', name: 'Lionel Messi' })).toBeNull();
    expect(describeEvidenceCount(1)).toBe('1 fact counted');
    expect(describeEvidenceCount(21)).toBe('21 facts counted');
    expect(describeEvidenceCount(0)).toBe('Nothing counted');
  });
});
