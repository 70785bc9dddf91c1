import DataLoader from 'dataloader';
import { claimCheckCache } from '../claims/claim-check-cache';
import type { CheckedClaim } from '../claims/claim-checks';
import type { LoaderEnv } from './batched-loader';
import type { LoaderFactories } from './loader-set';

/** The one key of `everyCheckedClaim`: the list has no parameter, the loader only joins the request's waves. */
export const EVERY_CLAIM = 'every-claim';

const read = (graph: LoaderEnv['graph']) => claimCheckCache.checks(graph);

/**
 * Claims with their checks, from the per-data-version cache: a request reads the data version once
 * per wave (one statement), however many claims and checks it asks for.
 */
export const claimLoaders = {
  everyCheckedClaim: ({ graph, waves }: LoaderEnv) =>
    new DataLoader<string, CheckedClaim[]>(
      async (keys) => {
        const checked = await (waves ? waves.run(() => read(graph)) : read(graph));
        return keys.map(() => checked);
      },
      { batchScheduleFn: waves?.schedule },
    ),
  // Through the request's `everyCheckedClaim`, so that both lists and single checks read once.
  claimCheck: ({ waves }: LoaderEnv, { everyCheckedClaim }: { everyCheckedClaim: DataLoader<string, CheckedClaim[]> }) =>
    new DataLoader<string, CheckedClaim | null>(
      async (ids) => {
        const checked = await everyCheckedClaim.load(EVERY_CLAIM);
        const byId = new Map(checked.map((entry) => [entry.claim.id, entry]));
        return ids.map((id) => byId.get(id) ?? null);
      },
      { batchScheduleFn: waves?.schedule },
    ),
} satisfies LoaderFactories;
