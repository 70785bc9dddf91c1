/** The claims panel's words, apart from the DOM so that they can be tested without a browser. */
import type { ClaimCoverage, ClaimEvidence, ClaimVerdict, MatchSummary, MatchClaim } from './explorer-queries';
import { describeMeeting, describeMinute } from './match-wording';

export const VERDICT_LABELS: Record<ClaimVerdict, string> = {
  CONFIRMED: 'Confirmed',
  CONTRADICTED: 'Contradicted',
  PARTIAL_DATA: 'Partial data',
  NOT_COMPUTABLE: 'Not computable',
};

/** What each verdict means for a reader, as the API documents it. */
export const VERDICT_EXPLANATIONS: Record<ClaimVerdict, string> = {
  CONFIRMED: "The graph's figures equal the report's, over data covering the whole scope.",
  CONTRADICTED: "The graph's figure differs, and its data covers the whole scope.",
  PARTIAL_DATA: 'The data does not cover the whole scope: no verdict either way.',
  NOT_COMPUTABLE: 'The graph holds nothing to compute this figure from.',
};

/** Verdicts in the order the summary names them: the disagreements first. */
const VERDICT_ORDER: ClaimVerdict[] = ['CONTRADICTED', 'CONFIRMED', 'PARTIAL_DATA', 'NOT_COMPUTABLE'];

/** `verdict-partial-data`: the class that colours a verdict's badge. */
export function verdictClassName(verdict: ClaimVerdict): string {
  return `verdict-${verdict.toLowerCase().replace(/_/g, '-')}`;
}

/**
 * A claim's figures in one line: `7 (Argentina 7, Brazil 7, Germany 8)`, each of `values` named by its
 * label; a figure the graph does not compute reads `–`. Null when there is no figure at all.
 */
export function describeFigures(
  value: number | null,
  values: ReadonlyArray<number | null> | null,
  labels: readonly string[] | null,
): string | null {
  const named = values?.map((figure, i) => `${labels?.[i] ?? `#${i + 1}`} ${figure ?? '–'}`);
  if (value !== null) return named?.length ? `${value} (${named.join(', ')})` : String(value);
  return named?.length ? named.join(', ') : null;
}

export function describeStatedFigures(claim: MatchClaim): string {
  return describeFigures(claim.value, claim.values, claim.valueLabels) ?? 'no figure stated';
}

export function describeGraphFigures(claim: MatchClaim): string {
  const { value, values } = claim.check;
  // A computation that yields nothing for every figure is no figure, not a row of dashes.
  const computed = value !== null || values?.some((figure) => figure !== null) ? values : null;
  return describeFigures(value, computed, claim.valueLabels) ?? 'not computed';
}

/** The numbers that make a claim CONTRADICTED: `differs: Brazil 7 against the graph's 6; Germany 8 against 2`. */
export function describeDifferingParts(claim: MatchClaim): string | null {
  const differing = claim.check.parts.filter((part) => part.verdict === 'CONTRADICTED');
  if (differing.length === 0) return null;
  return `differs: ${differing
    .map((part, i) => `${part.label ?? 'the figure'} ${part.stated} against ${i === 0 ? "the graph's " : ''}${part.computed}`)
    .join('; ')}`;
}

function yearList(tournaments: Array<{ year: number }>): string {
  return [...new Set(tournaments.map((tournament) => tournament.year))].sort((a, b) => a - b).join(', ');
}

/**
 * One line per kind of fact whose data does not cover the claim's scope, naming the World Cups that
 * are complete and those that are not: `assists: complete for 2018; incomplete for 2022, 2026`.
 */
export function describeIncompleteCoverage(coverage: ClaimCoverage[]): string[] {
  return coverage
    .filter((entry) => !entry.complete)
    .map((entry) => {
      const covered = yearList(entry.covered);
      const incomplete = `incomplete for ${yearList(entry.uncovered) || 'part of the scope'}`;
      return `${entry.facts}: ${covered ? `complete for ${covered}; ${incomplete}` : incomplete}`;
    });
}

function evidenceMatch(evidence: ClaimEvidence): MatchSummary | null {
  if (evidence.__typename === 'Goal') return evidence.match;
  if (evidence.__typename === 'Match') return evidence;
  return null;
}

/** A counted fact as a reader finds it in the records: a goal by minute, scorer and match; a match by its result. */
export function describeEvidence(evidence: ClaimEvidence): string {
  switch (evidence.__typename) {
    case 'Goal':
      return `${describeMinute(evidence)} ${evidence.scorer.name} · ${describeMeeting(evidence.match)}`;
    case 'Match':
      return describeMeeting(evidence);
    default:
      // Tournaments and people have a name; any other kind of entity is shown by its id.
      return 'name' in evidence ? evidence.name : evidence.id;
  }
}

/**
 * Where the explorer shows a counted goal or match: the head-to-head of its two teams with that
 * meeting selected, in every competition where it was not a World Cup match. Null for a person or
 * a tournament, which the explorer has no view of.
 */
export function evidenceHref(evidence: ClaimEvidence): string | null {
  const match = evidenceMatch(evidence);
  if (!match) return null;
  const params = new URLSearchParams({ teamA: match.homeTeam.name, teamB: match.awayTeam.name, match: match.id });
  if (!match.tournament) params.set('scope', 'ALL_MATCHES');
  return `?${params}`;
}

export function describeEvidenceCount(count: number): string {
  if (count === 0) return 'Nothing counted';
  return `${count} fact${count === 1 ? '' : 's'} counted`;
}

/** `13 claims about this match: 1 contradicted, 2 confirmed, 8 partial data, 2 not computable`. */
export function summarizeVerdicts(claims: MatchClaim[]): string {
  if (!claims.length) return 'No claims about this match.';
  const counts = VERDICT_ORDER.map((verdict) => [verdict, claims.filter((claim) => claim.check.verdict === verdict).length] as const)
    .filter(([, count]) => count > 0)
    .map(([verdict, count]) => `${count} ${VERDICT_LABELS[verdict].toLowerCase()}`);
  return `${claims.length} claim${claims.length === 1 ? '' : 's'} about this match: ${counts.join(', ')}`;
}
