import { createHash } from 'node:crypto';
import type { DataLocation } from './data-location';

/**
 * Raise this when an adapter, the resolver or the writer changes what the same files put in the
 * graph: digests made by older code then no longer match, and the next import compares every row.
 */
export const IMPORTER_REVISION = 3; // 3: the name index holds folded names (fold.ts)

/**
 * A data location that remembers what was read through it, for the digest of an import: the data
 * set, its options, the importer revision and every file read (name and SHA-256 of its bytes, in name
 * order, so the order of concurrent reads does not matter). An import whose digest equals the one
 * its data set's last import recorded would change nothing: loading every source again, in any
 * order, leaves the graph as it was (the load-order tests), so loading one again does too.
 */
export function fingerprinting(location: DataLocation): { location: DataLocation; digest(options: string): string } {
  const files = new Map<string, string>();
  return {
    location: {
      describe: (file) => location.describe(file),
      async readText(file) {
        const text = await location.readText(file);
        files.set(file, createHash('sha256').update(text).digest('hex'));
        return text;
      },
      async exists(file) {
        const found = await location.exists(file);
        if (!found) files.set(file, 'absent');
        return found;
      },
    },
    digest(options) {
      const hash = createHash('sha256').update(`${options}\nrevision ${IMPORTER_REVISION}\n`);
      for (const [file, sha] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) hash.update(`${file} ${sha}\n`);
      return hash.digest('hex');
    },
  };
}

/** What of an import's options changes what it reads: openfootball's years, StatsBomb's season. */
export function optionsDigestPart(dataSet: string, options: { years?: readonly number[]; season?: { competition: number; season: number } }): string {
  const years = options.years && [...new Set(options.years)].sort((a, b) => a - b);
  return JSON.stringify({ dataSet, years: years ?? null, season: options.season ?? null });
}
