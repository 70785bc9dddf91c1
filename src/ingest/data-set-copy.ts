import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * A shipped data set's folder under seeds/datasets: its files, `SHA256SUMS` (the checksums of every
 * data file, in `sha256sum` format, so `sha256sum -c SHA256SUMS` checks a copy by hand too) and
 * `upstream.json` (where and at which revision the files were taken). README and licence files
 * describe the copy and are not data.
 */
export const CHECKSUMS_FILE = 'SHA256SUMS';
export const UPSTREAM_FILE = 'upstream.json';
const NOT_DATA = /^(README.*|LICENSE.*|SHA256SUMS|upstream\.json)$/;

const upstreamSchema = z.object({
  /** The data set's public repository, for people. */
  repository: z.string().url(),
  /** The upstream revision the unchanged files were taken at (a commit id). */
  revision: z.string().regex(/^[0-9a-f]{40}$/, 'must be a 40-hex commit id'),
  /** Where a file is published at a revision: `{revision}` and `{path}` are filled in. */
  rawUrl: z.string().includes('{revision}').includes('{path}'),
  /** Our file name -> its path upstream, for the files taken unchanged. */
  files: z.record(z.string(), z.string()),
  /** Our file name -> how it was made, for the files that are not upstream's own (extractions, conversions). */
  derived: z.record(z.string(), z.string()).default({}),
});
export type Upstream = z.infer<typeof upstreamSchema>;

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** `<hex>  <name>` lines, as sha256sum prints them, into a map from name to checksum. */
export function parseChecksums(text: string, file: string): Map<string, string> {
  const sums = new Map<string, string>();
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
    if (!match) throw new Error(`${file}:${index + 1}: expected "<sha256>  <file name>", got ${JSON.stringify(line)}`);
    sums.set(match[2]!, match[1]!);
  });
  return sums;
}

export function formatChecksums(sums: ReadonlyMap<string, string>): string {
  return [...sums].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, sum]) => `${sum}  ${name}\n`).join('');
}

/** Every data file of the folder, as paths relative to it (`2026/worldcup.json`), sorted. */
export async function listDataFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && !NOT_DATA.test(entry.name))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** The folder's upstream.json; undefined for a copy made by hand (an extraction), which has none. */
export async function readUpstream(dir: string): Promise<Upstream | undefined> {
  const file = path.join(dir, UPSTREAM_FILE);
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)));
  if (text === undefined) return undefined;
  const parsed = upstreamSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
  return parsed.data;
}

export async function readChecksums(dir: string): Promise<Map<string, string>> {
  const file = path.join(dir, CHECKSUMS_FILE);
  return parseChecksums(await readFile(file, 'utf8'), file);
}

/** What differs between the folder's files and its SHA256SUMS: files changed, missing or not listed. */
export async function verifyCopy(dir: string): Promise<{ changed: string[]; missing: string[]; unlisted: string[] }> {
  const [sums, files] = await Promise.all([readChecksums(dir), listDataFiles(dir)]);
  const present = new Set(files);
  const changed: string[] = [];
  for (const file of files) {
    if (sums.has(file) && sums.get(file) !== sha256(await readFile(path.join(dir, file)))) changed.push(file);
  }
  return { changed, missing: [...sums.keys()].filter((file) => !present.has(file)), unlisted: files.filter((file) => !sums.has(file)) };
}

export interface FileChange {
  file: string;
  status: 'unchanged' | 'changed' | 'new';
  /** Lines only in the new file and only in the old one (a row added, removed or edited counts once each way). */
  linesAdded: number;
  linesRemoved: number;
}

function lineCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of text.split('\n')) counts.set(line, (counts.get(line) ?? 0) + 1);
  return counts;
}

/** How `next` differs from `previous`, line by line as a multiset (rows of a CSV or a JSON file). */
export function compareFile(file: string, previous: Uint8Array | undefined, next: Uint8Array): FileChange {
  if (!previous) return { file, status: 'new', linesAdded: new TextDecoder().decode(next).split('\n').length, linesRemoved: 0 };
  if (sha256(previous) === sha256(next)) return { file, status: 'unchanged', linesAdded: 0, linesRemoved: 0 };
  const before = lineCounts(new TextDecoder().decode(previous));
  const after = lineCounts(new TextDecoder().decode(next));
  let linesAdded = 0;
  let linesRemoved = 0;
  for (const [line, n] of after) linesAdded += Math.max(0, n - (before.get(line) ?? 0));
  for (const [line, n] of before) linesRemoved += Math.max(0, n - (after.get(line) ?? 0));
  return { file, status: 'changed', linesAdded, linesRemoved };
}

/** Fetches one published file; anything but a 200 is an error naming the URL. */
async function download(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

export interface UpdatePlan {
  revision: string;
  changes: FileChange[];
  /** The downloaded files, by our name. */
  files: Map<string, Uint8Array>;
}

/**
 * Downloads every upstream file of the data set at `revision` (default: the one recorded, which
 * then checks the shipped copy against its upstream) and compares each with the shipped file.
 */
export async function planUpdate(dir: string, upstream: Upstream, revision?: string): Promise<UpdatePlan> {
  const at = revision ?? upstream.revision;
  const files = new Map<string, Uint8Array>();
  const changes: FileChange[] = [];
  for (const [ours, theirs] of Object.entries(upstream.files)) {
    const next = await download(upstream.rawUrl.replace('{revision}', at).replace('{path}', theirs));
    const previous = await readFile(path.join(dir, ours)).catch(() => undefined);
    files.set(ours, next);
    changes.push(compareFile(ours, previous, next));
  }
  return { revision: at, changes, files };
}

/** Writes the downloaded files, their checksums and the new revision into the shipped copy. */
export async function applyUpdate(dir: string, plan: UpdatePlan): Promise<void> {
  const sums = await readChecksums(dir);
  for (const [file, bytes] of plan.files) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), bytes);
    sums.set(file, sha256(bytes));
  }
  await writeFile(path.join(dir, CHECKSUMS_FILE), formatChecksums(sums));
  const upstream = await readUpstream(dir);
  await writeFile(path.join(dir, UPSTREAM_FILE), `${JSON.stringify({ ...upstream, revision: plan.revision }, null, 2)}\n`);
}
