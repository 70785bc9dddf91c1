import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { emptyBundle, type FactBundle } from '../graph/bundle';
import { writeBundle, type WriteCounts } from '../graph/bundle-writer';
import type { GraphClient } from '../graph/driver';
import { SeedError, type SeedIssue } from './seed-error';
import { parseSeedFile, type ParsedSeedFile } from './seed-parser';
import { resolveSeedFiles, type SeedFile } from './seed-resolver';

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
  return resolved.files;
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
  counts: WriteCounts;
}

/**
 * Writes the seeds with MERGE on ids, so a second run changes nothing. Every file is validated
 * before the first is written; then each file is one transaction, so a failing write leaves that
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
      const counts = await graph.writeTransaction((tx) =>
        writeBundle(tx, bundle),
      );
      reports.push({ file, counts });
    } catch (error) {
      throw new Error(`${file}: writing failed, this file's transaction was rolled back: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  return reports;
}

