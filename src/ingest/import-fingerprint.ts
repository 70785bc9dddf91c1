import { createHash } from 'node:crypto';
import { ENTITIES, LINKS } from '../graph/model/model';
import type { DataLocation } from './reading/data-location';

/**
 * Raise this when an adapter, the resolver or the writer changes what the same files put in the
 * graph: digests made by older code then no longer match, and the next import compares every row.
 * A change of the model's declarations does so by itself (`MODEL_TEXT`).
 */
export const IMPORTER_REVISION = 3; // 3: folded name index; Fjelstul substitution rows outrank its line-ups

/**
 * A data location that remembers what was read through it, for the digest of an import: the data
 * set, its options, the importer revision and every file read (name and SHA-256 of its bytes, in name
 * order, so the order of concurrent reads does not matter). An import whose digest equals the one
 * its data set's last import recorded would change nothing: loading every source again, in any
 * order, leaves the graph as it was (the load-order tests), so loading one again does too.
 */
/** Each file an import read, with the SHA-256 of its bytes or `absent` for an optional file it found missing. */
export type FileHashes = Array<[file: string, sha: string]>;

export function fingerprinting(location: DataLocation): { location: DataLocation; files(): FileHashes; digest(options: string): string } {
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
    files: () => [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    digest(options) {
      return digestOf([...files], options);
    },
  };
}

/** Declaration keys that only say what a kind is, for schema/model.md and the API: nothing is written differently for them. */
const DOCUMENTATION_KEYS: ReadonlySet<string> = new Set(['api', 'notes', 'note', 'idRule', 'idExamples', 'readAsDescription', 'inverseDescription']);

/**
 * Declarations as text, without what only documents them: a kind, field or relationship declared
 * or changed (a new kind read from files already imported) makes every digest new, as raising
 * `IMPORTER_REVISION` does, but a reworded description does not send every row to be compared.
 */
export function modelText(declarations: object): string {
  return JSON.stringify(declarations, (key, value: unknown) => (DOCUMENTATION_KEYS.has(key) ? undefined : value));
}

const MODEL_TEXT = modelText({ entities: ENTITIES, links: LINKS });

/** The digest of an import that read `files` with these options, by this importer revision and model. */
export function digestOf(files: FileHashes, options: string): string {
  const hash = createHash('sha256').update(`${options}\nrevision ${IMPORTER_REVISION}\nmodel ${MODEL_TEXT}\n`);
  for (const [file, sha] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) hash.update(`${file} ${sha}\n`);
  return hash.digest('hex');
}

/**
 * The same files hashed again as they are now, without parsing them: what a start-up needs to know
 * that a data set is unchanged since its last import (which validated every row already).
 */
export async function hashAgain(location: DataLocation, recorded: FileHashes): Promise<FileHashes> {
  const fingerprint = fingerprinting(location);
  for (const [file, sha] of recorded) {
    if (sha === 'absent') await fingerprint.location.exists(file);
    else await fingerprint.location.readText(file).catch(() => undefined);
  }
  return fingerprint.files();
}

/** What of an import's options changes what it reads: openfootball's years, StatsBomb's season. */
export function optionsDigestPart(dataSet: string, options: { years?: readonly number[]; season?: { competition: number; season: number } }): string {
  const years = options.years && [...new Set(options.years)].sort((a, b) => a - b);
  return JSON.stringify({ dataSet, years: years ?? null, season: options.season ?? null });
}
