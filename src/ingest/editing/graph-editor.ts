import { randomBytes } from 'node:crypto';
import type { FactBundle, SourceRecord } from '../../graph/model/bundle';
import { bumpDataVersion, readDataVersion } from '../../graph/write/data-version';
import type { GraphClient, GraphTransaction } from '../../graph/driver/driver';
import { slugify } from '../../graph/model/identity';
import { holdsEntity, readEditedEntity } from '../../graph/write/edited-entity';
import {
  appendEditRecord,
  isApiSource,
  markRetracted,
  markSourceMade,
  openWritesOf,
  type EditOperation,
  type FieldChange,
} from '../../graph/write/edit-log';
import type { AssertFactInput, MatchReportInput, SourceInput, WriteOutcome } from '../../graph/write/edit-requests';
import { changedSince, graphDelta, readGraphImage, undoDelta, type GraphImage } from '../../graph/write/graph-image';
import { definedIds, ENTRY, referencedIds } from '../../graph/model/model';
import { ingestBundle } from '../pipeline';
import { EditConflictError, EditForbiddenError, EditInputError } from './edit-errors';
import { declarationOf, factBundle, MAX_VALUE_LENGTH } from './fact-statement';
import { matchReportBundle } from './match-report';
import { changesOf, retractionChanges } from './write-changes';

/** Who writes: a token's (or a JWT's) name and role. */
export interface Editor {
  name: string;
  role: 'editor' | 'admin';
}

const SOURCE_ID = /^[a-z0-9][a-z0-9-]{0,98}[a-z0-9]$/;

/** Thrown inside a dry run's transaction once its outcome is known, so that nothing commits. */
class DryRunRollback extends Error {
  constructor(readonly outcome: WriteOutcome) {
    super('dry run');
  }
}

/**
 * Editors' writes, each through the one ingestion pipeline (reconcile, then write in one
 * transaction) with the graph as it was before and after read in that same transaction: the
 * difference is the write's changes, kept with an audit record so that retracting the source
 * undoes it exactly. Writes of this process run one at a time, so no write reconciles against a
 * graph another is changing.
 */
export class GraphEditor {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly graph: GraphClient) {}

  assertFact(editor: Editor, input: AssertFactInput, dryRun: boolean): Promise<WriteOutcome> {
    return this.serially(async () => {
      const entity = await readEditedEntity(this.graph, input.entity);
      if (!entity || !declarationOf(entity.labels)) throw new EditInputError('input.entity', `no entity whose facts can be asserted has the id "${input.entity}"`);
      const source = await this.sourceOf(editor, input.source);
      const field = declarationOf(entity.labels)!.relationships.find((r) => r.field === input.field);
      const referenceExists = field ? await holdsEntity(this.graph, field.target, input.value) : false;
      const bundle = factBundle(entity, input.field, input.value, source.record.id, referenceExists);
      if (source.isNew) bundle.sources.push(source.record);
      return this.write(editor, 'assertFact', bundle, source, dryRun);
    });
  }

  recordMatchReport(editor: Editor, input: MatchReportInput & { source: SourceInput }, dryRun: boolean): Promise<WriteOutcome> {
    return this.serially(async () => {
      const source = await this.sourceOf(editor, input.source);
      const bundle = await matchReportBundle(this.graph, input, source.record.id);
      if (source.isNew) bundle.sources.push(source.record);
      return this.write(editor, 'recordMatchReport', bundle, source, dryRun);
    });
  }

  /**
   * Undoes every write in the name of `sourceId`, newest first, and deletes the source: the graph
   * is as if they had never been made. An editor may retract the sources they made; an admin any
   * the API made.
   */
  retractSource(editor: Editor, sourceId: string): Promise<WriteOutcome> {
    return this.serially(async () => {
      if (!(await isApiSource(this.graph, sourceId))) throw new EditInputError('id', `"${sourceId}" is no source written through the API`);
      if (editor.role !== 'admin' && !(await this.madeBy(sourceId, editor.name))) {
        throw new EditForbiddenError(`"${sourceId}" was made by another token; only an admin may retract it`);
      }
      const outcome = await this.graph.writeTransaction(async (tx) => {
        const writes = await openWritesOf(tx, sourceId);
        if (writes.length === 0) throw new EditInputError('id', `"${sourceId}" is already retracted`);
        const changes: FieldChange[] = [];
        for (const { delta } of writes) {
          const conflicts = await changedSince(tx, delta);
          if (conflicts.length > 0) throw new EditConflictError(conflicts);
          await undoDelta(tx, delta);
          changes.push(...retractionChanges(delta));
        }
        await markRetracted(tx, writes.map((write) => write.id));
        await bumpDataVersion(tx);
        const record = await appendEditRecord(tx, { by: editor.name, operation: 'retractSource', sourceId, changes }, null);
        return { dataVersion: record.dataVersion, dryRun: false, sourceId, changes };
      });
      return outcome;
    });
  }

  private async write(editor: Editor, operation: EditOperation, bundle: FactBundle, source: { record: SourceRecord; isNew: boolean }, dryRun: boolean): Promise<WriteOutcome> {
    // Read once the reconciler has run: it adds the Assertions and may give goals the graph's ids.
    let ids: { own: string[]; touched: string[] };
    let before: GraphImage;
    let outcome: WriteOutcome | undefined;
    try {
      await ingestBundle(this.graph, bundle, {
        statementSources: (sources) => [...sources],
        beforeWrite: async (tx) => {
          ids = imageIds(bundle);
          before = await readGraphImage(tx, await withEntries(tx, bundle, ids.own), ids.touched);
        },
        alsoWrite: async (tx) => {
          const delta = graphDelta(before, await readGraphImage(tx, await withEntries(tx, bundle, ids.own), ids.touched));
          const changes = changesOf(delta);
          if (dryRun) throw new DryRunRollback({ dataVersion: '', dryRun, sourceId: source.record.id, changes });
          // The audit trail is read through the API too: even a write that changed no fact is a new version of it.
          await bumpDataVersion(tx);
          const record = await appendEditRecord(tx, { by: editor.name, operation, sourceId: source.record.id, changes }, delta);
          if (source.isNew) await markSourceMade(tx, record.id);
          outcome = { dataVersion: record.dataVersion, dryRun, sourceId: source.record.id, changes };
        },
      });
    } catch (error) {
      if (error instanceof DryRunRollback) return { ...error.outcome, dataVersion: await readDataVersion(this.graph) };
      throw error;
    }
    return outcome!;
  }

  /** The source of a write: a new one, or one the API made before (then not declared again). */
  private async sourceOf(editor: Editor, input: SourceInput): Promise<{ record: SourceRecord; isNew: boolean }> {
    const title = input.title.trim();
    if (!title) throw new EditInputError('input.source.title', 'must not be empty');
    for (const [name, value] of Object.entries({ title, url: input.url, publisher: input.publisher })) {
      if (value && value.length > MAX_VALUE_LENGTH) throw new EditInputError(`input.source.${name}`, `is over ${MAX_VALUE_LENGTH} characters`);
    }
    if (input.url && !/^https?:\/\/\S+$/.test(input.url)) throw new EditInputError('input.source.url', 'must be an http(s) URL');
    const id = input.id ?? `${slugify(title).slice(0, 60).replace(/-+$/, '')}-${randomBytes(4).toString('hex')}`;
    if (!SOURCE_ID.test(id)) throw new EditInputError('input.source.id', 'must be kebab-case: lower-case letters, digits and hyphens, 2-100 characters');
    const exists = await holdsEntity(this.graph, 'Source', id);
    if (exists && !(await isApiSource(this.graph, id))) {
      throw new EditInputError('input.source.id', `"${id}" is a source of the seeds or a data set; editors write in the name of their own sources`);
    }
    if (exists && editor.role !== 'admin' && !(await this.madeBy(id, editor.name))) {
      throw new EditForbiddenError(`source "${id}" was made by another token; only an admin may write in its name`);
    }
    const record: SourceRecord = { id, title, kind: 'report', url: input.url ?? null, publisher: input.publisher ?? null };
    return { record, isNew: !exists };
  }

  private async madeBy(sourceId: string, name: string): Promise<boolean> {
    const rows = await this.graph.read('MATCH (r:EditRecord {sourceId: $sourceId}) WHERE r.madeSource AND r.by = $name RETURN 1 AS found', { sourceId, name });
    return rows.length > 0;
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/** The records a write states (`own`) and what they point at (`touched`), for its before and after images. */
function imageIds(bundle: FactBundle): { own: string[]; touched: string[] } {
  return { own: [...definedIds(bundle)], touched: referencedIds(bundle) };
}

/**
 * `own` and the entries (model.ts, ENTRY) the write may make or cite: a match's sides, the teams of
 * its line-ups and squads, at the match's tournament.
 */
async function withEntries(tx: GraphTransaction, bundle: FactBundle, own: string[]): Promise<string[]> {
  const matchTeams = [
    ...bundle.matches.flatMap((m) => [[m.id, m.homeTeamId], [m.id, m.awayTeamId]]),
    ...bundle.appearances.map((a) => [a.matchId, a.teamId]),
    ...bundle.coachings.flatMap((c) => (c.matchId ? [[c.matchId, c.teamId]] : [])),
  ];
  const rows = await tx.run<{ id: string }>(
    `UNWIND $pairs AS pair
     MATCH (:Match {id: pair[0]})-[:IN_TOURNAMENT]->(t:Tournament)
     RETURN DISTINCT t.id + '-' + pair[1] AS id`,
    { pairs: matchTeams },
  );
  const declared = [
    // A match of another competition than the World Cup has no tournament, so no entries.
    ...bundle.matches.flatMap((m) => (m.tournamentId ? [ENTRY.id(m.tournamentId, m.homeTeamId), ENTRY.id(m.tournamentId, m.awayTeamId)] : [])),
    ...bundle.squads.map((s) => ENTRY.id(s.tournamentId, s.teamId)),
  ];
  return [...new Set([...own, ...declared, ...rows.map((row) => row.id)])];
}
