import type { GraphReader } from '../loaders/batched-loader';
import { claimRow } from '../loaders/projections';
import type { ClaimRow } from '../loaders/rows';
import type { ClaimComputation, ComputationRow, FactKind } from './claim-computations';
import { claimMetric } from './claim-metrics';
import { type ClaimScope, resolveClaimScope } from './claim-scope';
import { ClaimVerdict, decideVerdict, pairFigures } from './claim-verdict';

/** How much of one kind of fact the graph holds for a claim's scope. */
export interface ClaimCoverageRow {
  facts: FactKind;
  complete: boolean;
  /** Tournaments whose data of this kind is complete up to the claim's "as of" match. */
  coveredTournamentIds: string[];
  uncoveredTournamentIds: string[];
}

/** One stated number of a claim next to the graph's, with the verdict on that number alone. */
export interface ClaimPartRow {
  label: string | null;
  stated: number;
  computed: number | null;
  verdict: ClaimVerdict;
}

export interface ClaimCheckRow {
  computation: string | null;
  value: number | null;
  values: Array<number | null> | null;
  verdict: ClaimVerdict;
  /** Every stated number, so a CONTRADICTED names the part that differs. */
  parts: ClaimPartRow[];
  coverage: ClaimCoverageRow[];
  evidenceIds: string[];
}

export interface CheckedClaim {
  claim: ClaimRow & { sourceIds: string[] };
  check: ClaimCheckRow;
}

/**
 * Whether the graph holds every fact of a kind for a match, and, for a tournament, whether a data
 * set stated its matches (the seeds hold a handful of 2026 matches: their goals may be complete, the
 * tournament is not). Constants of this file, never input.
 */
const MATCH_HOLDS = `CASE kind
    WHEN 'results' THEN m.homeScore IS NOT NULL
    WHEN 'goals' THEN m.homeScore IS NOT NULL AND COUNT { (:Goal)-[:IN_MATCH]->(m) } = m.homeScore + m.awayScore
    WHEN 'assists' THEN m.homeScore IS NOT NULL AND COUNT { (:Goal)-[:IN_MATCH]->(m) } = m.homeScore + m.awayScore
      AND (m.homeScore + m.awayScore = 0 OR EXISTS { (:Person)-[:ASSISTED]->(:Goal)-[:IN_MATCH]->(m) })
    WHEN 'lineups' THEN COUNT { ()-[a:PLAYED_IN]->(m) WHERE a.starter } >= 22
  END`;

const COVERAGE = `UNWIND $requests AS request
  OPTIONAL MATCH (asOf:Match {id: request.asOfMatchId})
  WITH request, asOf.date AS cutoff
  UNWIND request.facts AS kind
  UNWIND request.tournamentIds AS tournamentId
  MATCH (t:Tournament {id: tournamentId})
  CALL (t, request, cutoff, kind) {
    MATCH (m:Match)-[:IN_TOURNAMENT]->(t)
    WHERE (cutoff IS NULL OR m.date <= cutoff) AND (request.matchId IS NULL OR m.id = request.matchId)
    RETURN count(m) AS matches, count(CASE WHEN ${MATCH_HOLDS} THEN 1 END) AS held
  }
  WITH request, kind, t, matches, held,
       request.matchId IS NOT NULL OR EXISTS {
         MATCH (m:Match)-[:IN_TOURNAMENT]->(t), (data:Source {kind: 'dataset'})
         WHERE any(stated IN coalesce(m.statedBy, []) WHERE stated ENDS WITH '@' + data.id) } AS listed
  WHERE matches > 0 OR (request.matchId IS NULL AND (cutoff IS NULL OR t.year <= toInteger(left(cutoff, 4))))
  RETURN request.key AS key, kind, t.id AS tournamentId, listed AND matches > 0 AND held = matches AS complete
  ORDER BY t.year`;

const CLAIMS = `MATCH (c:Claim)
  WITH c, ${claimRow.map('c')} AS claim
  RETURN claim {.*, sourceIds: [(c)-[:SOURCED_FROM]->(s:Source) | s.id]} AS claim
  ORDER BY c.id`;

/**
 * Every claim of the graph with its check: statements = 2 + one per computation in use, whatever
 * the number of claims. Computed once per data version (claim-check-cache.ts), never per request.
 */
export async function computeClaimChecks(graph: GraphReader): Promise<CheckedClaim[]> {
  const claims = (await graph.read<{ claim: CheckedClaim['claim'] }>(CLAIMS)).map((row) => row.claim);
  const scopes = new Map(claims.map((claim) => [claim.id, resolveClaimScope(claim)]));
  const byComputation = new Map<ClaimComputation, ClaimScope[]>();
  for (const claim of claims) {
    const metric = claimMetric(claim.metric);
    if (metric) byComputation.set(metric.computation, [...(byComputation.get(metric.computation) ?? []), scopes.get(claim.id)!]);
  }
  const rows = new Map<string, ComputationRow>();
  for (const [computation, computationScopes] of byComputation) {
    for (const row of await graph.read<{ key: string; value: ComputationRow }>(computation.cypher, { scopes: computationScopes })) {
      rows.set(row.key, row.value);
    }
  }
  const requests = claims.flatMap((claim) => {
    const metric = claimMetric(claim.metric);
    const row = rows.get(claim.id);
    if (!metric || !row) return [];
    const facts = new Set([...metric.computation.facts, ...Object.values(metric.computation.figureFacts ?? {}).flat()]);
    const { key, asOfMatchId, matchId } = scopes.get(claim.id)!;
    return facts.size === 0 ? [] : [{ key, asOfMatchId, matchId, facts: [...facts], tournamentIds: row.tournamentIds }];
  });
  const coverage = requests.length === 0
    ? []
    : await graph.read<{ key: string; kind: FactKind; tournamentId: string; complete: boolean }>(COVERAGE, { requests });
  return claims.map((claim) => ({ claim, check: checkOf(claim, rows.get(claim.id), coverage.filter((c) => c.key === claim.id)) }));
}

function checkOf(
  claim: ClaimRow,
  row: ComputationRow | undefined,
  coverage: Array<{ kind: FactKind; tournamentId: string; complete: boolean }>,
): ClaimCheckRow {
  const metric = claimMetric(claim.metric);
  if (!metric || !row) {
    return { computation: metric?.computation.name ?? null, value: null, values: null, verdict: ClaimVerdict.NOT_COMPUTABLE, parts: [], coverage: [], evidenceIds: [] };
  }
  const { computation } = metric;
  const computed = computation.figures(row);
  const { value, values, pairs } = pairFigures(claim, computed, metric.primary);
  const factsOf = (figure: string | null): FactKind[] => (figure && computation.figureFacts?.[figure]) || computation.facts;
  const compared = pairs.filter((pair) => pair.computed !== null);
  const coverageRows: ClaimCoverageRow[] = [...new Set(compared.flatMap((pair) => factsOf(pair.figure)))].map((kind) => {
    const ofKind = coverage.filter((c) => c.kind === kind);
    const uncovered = ofKind.filter((c) => !c.complete).map((c) => c.tournamentId);
    // No tournament in scope at all: the graph holds nothing to count from, which is not "complete".
    return {
      facts: kind,
      complete: ofKind.length > 0 && uncovered.length === 0,
      coveredTournamentIds: ofKind.filter((c) => c.complete).map((c) => c.tournamentId),
      uncoveredTournamentIds: uncovered,
    };
  });
  const completeFor = (kinds: FactKind[]) => kinds.every((kind) => coverageRows.find((c) => c.facts === kind)?.complete ?? false);
  const figures = pairs.map((pair) => ({ stated: pair.stated, computed: pair.computed, complete: completeFor(factsOf(pair.figure)) }));
  const parts = pairs.map((pair, i) => ({ label: pair.label, stated: pair.stated, computed: pair.computed, verdict: decideVerdict([figures[i]!]) }));
  return {
    computation: computation.name, value, values, verdict: decideVerdict(figures), parts, coverage: coverageRows,
    evidenceIds: computed.evidenceIds ?? row.evidenceIds ?? [],
  };
}

/** Whether the registry knows the claim's metric: what the seeds' old `checkable` flag stated by hand. */
export function isClaimComputable(metric: string): boolean {
  return claimMetric(metric) !== undefined;
}
