import { readDataVersion } from '../../write/data-version';
import type { GraphReader } from '../loaders/batched-loader';
import { type CheckedClaim, computeClaimChecks } from './claim-checks';

/**
 * The claims' checks of the latest data version, shared by every request of the process: a request
 * reads the stamp (one statement) and computes the checks only when a seed or an import replaced
 * it. Concurrent requests of a new version share one computation; a failed one is forgotten, so the
 * next request tries again.
 */
export class ClaimCheckCache {
  private latest: { version: string; checks: Promise<CheckedClaim[]> } | null = null;
  computations = 0;

  async checks(graph: GraphReader): Promise<CheckedClaim[]> {
    const version = await readDataVersion(graph);
    if (this.latest?.version !== version) {
      const checks = computeClaimChecks(graph);
      const entry = { version, checks };
      this.latest = entry;
      this.computations++;
      checks.catch(() => {
        if (this.latest === entry) this.latest = null;
      });
    }
    return this.latest.checks;
  }
}

/** The process's one cache; the loaders of every request read through it. */
export const claimCheckCache = new ClaimCheckCache();
