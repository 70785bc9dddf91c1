import type { GraphClient } from './driver';

/**
 * Resamples the indexes and empties Neo4j's plan cache, so that the plans compiled next use the
 * statistics of the data as it is now. Without it, plans compiled right after an import (or a
 * restart) were made on stale index samples; once the background sampling caught up, Neo4j
 * replanned them, inside the first requests.
 */
export async function refreshPlannerStatistics(graph: GraphClient, timeoutSeconds = 30): Promise<void> {
  await graph.read('CALL db.prepareForReplanning($timeoutSeconds)', { timeoutSeconds });
}
