import type { FactBundle } from '../graph/model/bundle';
import { writeBundle, type WriteCounts } from '../graph/write/bundle-writer';
import type { GraphClient, GraphTransaction } from '../graph/driver/driver';
import { sourceRank, type SourceStandings } from '../graph/write/dispute-ranking';
import { loadExistingIds, loadGraphState } from '../graph/write/graph-state';
import { assertInvariants } from '../graph/write/invariants';
import { turnMatchesRound, turnOutranked } from '../graph/write/match-orientation';
import { reconcile, type Conflict } from '../graph/write/reconciler';
import { silentProgress, type ImportProgress } from './import-progress';

export interface IngestResult {
  /** Nodes new to the graph, by kind. */
  created: Record<string, number>;
  /** Records that landed on a node the graph already held. */
  merged: Record<string, number>;
  conflicts: Conflict[];
  /** Rows sent to Neo4j, by record kind; the others were already in the graph (nothing, on a re-import). */
  written: WriteCounts;
}

/**
 * The one path from an adapter's statements into the graph, for seeds and data sets alike:
 * reconcile with what the graph holds (model.ts policies), then write in ONE transaction, checking
 * the invariants (invariants.ts) before it commits, so a failure or a violation leaves nothing behind. Stable ids and MERGE make a re-run a no-op.
 */
export async function ingestBundle(
  graph: GraphClient,
  bundle: FactBundle,
  options: {
    statementSources: (recordSources: readonly string[], sources: SourceStandings) => string[];
    progress?: ImportProgress;
    batchSize?: number;
    /** Called once reconciliation is done, before the write (timings). */
    onReconciled?: () => void;
    /** Run in the bundle's transaction before it is written (what an edit reads to undo it later). */
    beforeWrite?: (tx: GraphTransaction) => Promise<void>;
    /** More to commit with the bundle, in its transaction (an import's record). */
    alsoWrite?: (tx: GraphTransaction) => Promise<void>;
  },
): Promise<IngestResult> {
  const progress = options.progress ?? silentProgress;
  const state = await loadGraphState(graph, bundle);
  const statementSources = (sources: readonly string[]) => options.statementSources(sources, state.sources);
  const turned = turnOutranked(bundle, state, statementSources);
  const conflicts = reconcile(bundle, state, statementSources);
  const { created, merged, absent } = countNew(bundle, await loadExistingIds(graph, bundle, state));
  options.onReconciled?.();

  const total = totalRows(bundle);
  progress.phase(`writing ${total} records in one transaction`);
  const written = await graph.writeTransaction(async (tx) => {
    // A retried transaction starts over, and so does the count.
    const progressed = new Map<string, number>();
    await turnMatchesRound(tx, turned);
    await options.beforeWrite?.(tx);
    const counts = await writeBundle(tx, bundle, {
      batchSize: options.batchSize,
      absent,
      sourceRanks: Object.fromEntries([...state.sources.keys()].map((id) => [id, sourceRank(id, state.sources)])),
      onProgress(kind, rows) {
        progressed.set(kind, rows);
        progress.advance([...progressed.values()].reduce((a, b) => a + b, 0), total, kind);
      },
    });
    // Before the commit (and before a dry run's rollback): a write that breaks an invariant is rolled back whole, naming the facts.
    await assertInvariants(tx, bundle);
    await options.alsoWrite?.(tx);
    return counts;
  });
  progress.done();
  return { created, merged, conflicts, written };
}

/**
 * Every node id of the bundle that the graph already holds counts as merged, the others as created;
 * those are `absent`, which the writer need not look up again.
 */
function countNew(bundle: FactBundle, existing: ReadonlySet<string>): Pick<IngestResult, 'created' | 'merged'> & { absent: Set<string> } {
  const created: Record<string, number> = {};
  const merged: Record<string, number> = {};
  const absent = new Set<string>();
  for (const [kind, records] of Object.entries(bundle) as Array<[string, Array<{ id?: string }>]>) {
    for (const record of records) {
      if (record.id === undefined) continue;
      const isNew = !existing.has(record.id);
      const counts = isNew ? created : merged;
      counts[kind] = (counts[kind] ?? 0) + 1;
      if (isNew) absent.add(record.id);
    }
  }
  return { created, merged, absent };
}

function totalRows(bundle: FactBundle): number {
  return Object.values(bundle).reduce((sum, records) => sum + records.length, 0);
}
