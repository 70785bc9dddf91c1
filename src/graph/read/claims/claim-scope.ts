/**
 * Where and when a claim is evaluated, read from the claim alone (no graph): who it is about, the
 * match or tournament it is limited to, and the match it is made "as of", after which nothing counts.
 */

export interface ClaimAboutRef {
  id: string;
  role: string;
}

export interface ClaimForScope {
  id: string;
  scope?: string | null;
  about: ClaimAboutRef[];
}

export interface ClaimScope {
  /** The claim's id: the key every computation answers by. */
  key: string;
  subjectId: string | null;
  /** The entities a figure is given for, in the claim's order (Argentina, Brazil, Germany). */
  comparedIds: string[];
  /** Only this match counts (scope `match`). */
  matchId: string | null;
  /** Only this tournament counts (role `tournament`, or scope `world-cup-2026`). */
  tournamentId: string | null;
  /** Nothing dated after this match counts; null: everything the graph holds. */
  asOfMatchId: string | null;
  /** Matches of every competition count (scope `all-competitions`), not World Cup matches only. */
  allCompetitions: boolean;
}

/** Roles that place a claim in time or space rather than naming what it compares. */
const PLACING_ROLES = new Set(['match', 'as-of', 'tournament', 'since']);

const TOURNAMENT_SCOPE = /^world-cup-(\d{4})$/;

export function resolveClaimScope(claim: ClaimForScope): ClaimScope {
  const withRole = (role: string) => claim.about.find((about) => about.role === role)?.id ?? null;
  const match = withRole('match');
  const yearInScope = TOURNAMENT_SCOPE.exec(claim.scope ?? '')?.[1];
  const compared = claim.about.filter((about) => !PLACING_ROLES.has(about.role));
  return {
    key: claim.id,
    subjectId: withRole('subject') ?? compared[0]?.id ?? null,
    comparedIds: compared.map((about) => about.id),
    matchId: claim.scope === 'match' ? match : null,
    // The reports' tournaments are men's World Cups; a women's claim names its tournament.
    tournamentId: withRole('tournament') ?? (yearInScope ? `wc-${yearInScope}-men` : null),
    asOfMatchId: withRole('as-of') ?? match,
    allCompetitions: claim.scope === 'all-competitions',
  };
}
