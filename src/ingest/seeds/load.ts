import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../config';
import { emptyBundle, type FactBundle } from '../../graph/model/bundle';
import type { GraphClient } from '../../graph/driver/driver';
import type { Conflict } from '../../graph/write/reconciler';
import { DATA_SET_ADAPTERS } from '../history-import';
import { ingestBundle } from '../pipeline';
import { SeedError, type SeedIssue } from './error';
import { parseSeedFile, type ParsedSeedFile } from './parser';
import { resolveSeedFiles, type SeedFile } from './resolver';

/** The committed seed files that `npm start` and `npm run seed` load. */
export const SEEDS_DIR = path.join(REPO_ROOT, 'seeds');
const SEED_FILE = /\.(ya?ml|json)$/;

/**
 * Reads, validates and resolves every seed file of `dir`, in file-name order (the numeric prefixes
 * put declarations before their uses). Throws a SeedError listing every problem of every file.
 */
export function loadSeedFiles(dir = 'seeds'): SeedFile[] {
  if (!existsSync(dir)) throw new SeedError([{ file: dir, path: '', reason: 'no such folder' }]);
  const names = readdirSync(dir).filter((name) => SEED_FILE.test(name)).sort();
  if (names.length === 0) throw new SeedError([{ file: dir, path: '', reason: 'no .yaml, .yml or .json seed files' }]);
  const issues: SeedIssue[] = [];
  const parsed: ParsedSeedFile[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const result = parseSeedFile(file, readFileSync(file));
    if (Array.isArray(result)) issues.push(...result);
    else parsed.push(result);
  }
  // Resolving a file that failed its schema would only report knock-on errors in the files after it.
  if (issues.length > 0) throw new SeedError(issues);
  const resolved = resolveSeedFiles(parsed);
  if (resolved.issues.length > 0) throw new SeedError(resolved.issues);
  return resolved.files.map(({ file, bundle }) => ({ file, bundle: { ...bundle, sources: bundle.sources.map(ownDeclaration) } }));
}

/**
 * A data set's Source node is described by its own adapter: the seeds cite the data set, but its
 * title and licence are the adapter's words, so re-seeding never rewrites them.
 */
function ownDeclaration(source: FactBundle['sources'][number]): FactBundle['sources'][number] {
  return DATA_SET_ADAPTERS.find((adapter) => adapter.source.id === source.id)?.source ?? source;
}

/** All seed facts as one bundle, e.g. to inspect or to write in a single transaction. */
export function loadSeedBundle(dir = 'seeds'): FactBundle {
  const merged = emptyBundle();
  for (const { bundle } of loadSeedFiles(dir)) {
    for (const key of Object.keys(merged) as Array<keyof FactBundle>) {
      (merged[key] as unknown[]).push(...bundle[key]);
    }
  }
  return merged;
}

export interface SeedReport {
  file: string;
  /** Records written, by kind. */
  counts: Record<string, number>;
  /** Fields the seeds state differently from the graph's other sources, kept as Assertions. */
  conflicts: Conflict[];
}

/**
 * Writes the seeds through the same pipeline as the data sets (reconciled with what the graph
 * holds), with MERGE on ids, so a second run changes nothing. Every file is validated before the
 * first is written; then each file is one transaction, so a failing write leaves that
 * file's facts out entirely and stops before the files that may depend on it.
 */
export async function seedDatabase(graph: GraphClient, dir = 'seeds'): Promise<SeedReport[]> {
  return writeSeedFiles(graph, loadSeedFiles(dir));
}

/** The writing half of `seedDatabase`, for callers that validate before they connect. */
export async function writeSeedFiles(graph: GraphClient, files: SeedFile[]): Promise<SeedReport[]> {
  const reports: SeedReport[] = [];
  for (const { file, bundle } of files) {
    try {
      const { conflicts } = await ingestBundle(graph, bundle, {
        // The seeds transcribe reports; the data sets they cite speak through their own adapters.
        statementSources: (sources, standings) => sources.filter((id) => standings.get(id)?.kind !== 'dataset'),
      });
      const counts = Object.fromEntries(Object.entries(bundle).map(([kind, records]) => [kind, (records as unknown[]).length]));
      reports.push({ file, counts, conflicts });
    } catch (error) {
      throw new Error(`${file}: writing failed, this file's transaction was rolled back: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  return reports;
}

