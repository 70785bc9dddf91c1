import type { FactBundle } from '../graph/model/bundle';

/**
 * States on each match of the bundle how many substitutions the source lists for it, so that a
 * substitution one data set lacks shows as a `substitutionCount` dispute instead of passing unseen.
 */
export function countSubstitutions(bundle: FactBundle): void {
  const counts = new Map<string, number>();
  for (const substitution of bundle.substitutions) counts.set(substitution.matchId, (counts.get(substitution.matchId) ?? 0) + 1);
  for (const match of bundle.matches) match.substitutionCount = counts.get(match.id) ?? 0;
}
