import type { z } from 'zod';

/**
 * The one way an importer rejects its input: which file, which line (or JSON path) and why. Every
 * row of every file is checked before a bundle is built, so nothing reaches the graph from a file
 * that fails here.
 */
export class MalformedFileError extends Error {
  override name = 'MalformedFileError';

  constructor(
    readonly file: string,
    /** 1-based line for CSV; null for JSON, whose `where` is the path inside the document. */
    readonly line: number | null,
    readonly reason: string,
    readonly where: string | null = null,
  ) {
    super(`${file}${line === null ? '' : `:${line}`}${where ? ` (${where})` : ''}: ${reason}`);
  }
}

export interface Located {
  /** 1-based line in the file, when the format has lines per record (CSV). */
  line: number | null;
  /** Path inside a JSON document, e.g. `matches[101].goals2[0].minute`. */
  where: string | null;
  value: unknown;
}

/** Parses every record with the schema, throwing on the first failure with its location. */
export function validateRecords<T>(file: string, schema: z.ZodType<T>, records: readonly Located[]): T[] {
  return records.map((record) => validateRecord(file, schema, record));
}

export function validateRecord<T>(file: string, schema: z.ZodType<T>, record: Located): T {
  const parsed = schema.safeParse(record.value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.map(String).join('.');
  const got = valueAt(record.value, issue.path);
  const reason = `${field ? `${field}: ` : ''}${issue.message}${got === undefined ? '' : ` (got ${JSON.stringify(got)})`}`;
  const where = record.where === null ? null : [record.where, field].filter(Boolean).join('.');
  throw new MalformedFileError(file, record.line, reason, where);
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** Where a row sits in its file: a CSV line, or a JSON path such as `matches[3]`. */
export interface RowPlace {
  line: number | null;
  where?: string | null;
}

function rejectAt(file: string, row: RowPlace, reason: string): never {
  throw new MalformedFileError(file, row.line, reason, row.where ?? null);
}

const placeOf = (row: RowPlace) => (row.line !== null ? `line ${row.line}` : (row.where ?? 'an earlier row'));

/**
 * Rejects the second row whose key equals an earlier one's: a copied row, or one id given to two
 * different things. A null key (a row the key does not apply to) is never a duplicate.
 */
export function uniqueBy<T extends RowPlace>(file: string, rows: readonly T[], key: (row: T) => string | null, what: string): void {
  const first = new Map<string, T>();
  for (const row of rows) {
    const value = key(row);
    if (value === null) continue;
    const earlier = first.get(value);
    if (earlier) rejectAt(file, row, `duplicate ${what} ${JSON.stringify(value)}, already on ${placeOf(earlier)}`);
    first.set(value, row);
  }
}

/** Rejects the first row that refers to something `known` (what another file defines) lacks. */
export function mustReference<T extends RowPlace>(
  file: string,
  rows: readonly T[],
  reference: (row: T) => string | null,
  known: ReadonlySet<string>,
  what: string,
): void {
  for (const row of rows) {
    const value = reference(row);
    if (value !== null && !known.has(value)) rejectAt(file, row, `unknown ${what} ${JSON.stringify(value)}`);
  }
}

/** Rejects the first row the rule finds fault with; `rule` returns the reason, or null when fine. */
export function everyRow<T extends RowPlace>(file: string, rows: readonly T[], rule: (row: T) => string | null): void {
  for (const row of rows) {
    const reason = rule(row);
    if (reason !== null) rejectAt(file, row, reason);
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes strictly: a lenient decoder would store every broken byte as U+FFFD, silently changing
 * names. A leading BOM is dropped. The line is found by decoding line by line, which is exact
 * because a newline byte never occurs inside a multi-byte UTF-8 sequence.
 */
export function decodeUtf8(bytes: Uint8Array, file: string): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    let start = 0;
    for (let line = 1; ; line++) {
      const end = bytes.indexOf(0x0a, start);
      try {
        strictUtf8.decode(bytes.subarray(start, end === -1 ? bytes.length : end));
      } catch {
        throw new MalformedFileError(file, line, 'not valid UTF-8 (the file must be UTF-8 encoded)');
      }
      if (end === -1) throw new MalformedFileError(file, null, 'not valid UTF-8 (the file must be UTF-8 encoded)');
      start = end + 1;
    }
  }
}

/**
 * Characters no name or label of a data set holds: control characters (tab and line breaks aside)
 * and U+FFFD, the mark a lossy decoder left in a copy before it reached us.
 */
const UNREADABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/u;

/** Why a text cannot be stored as it is, or null when it can. */
export function unreadableText(text: string): string | null {
  const found = UNREADABLE.exec(text)?.[0];
  if (found === undefined) return null;
  const code = `U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return found === '\ufffd'
    ? `holds ${code}, the replacement character of a broken encoding`
    : `holds the control character ${code}`;
}

/** `matches`, 2, `goals`, 0, `minute` -> `matches[2].goals[0].minute`. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

/** The first string inside a parsed JSON or YAML document that `unreadableText` refuses, with its path. */
export function findUnreadableText(value: unknown, path: PropertyKey[] = []): { path: PropertyKey[]; reason: string } | null {
  if (typeof value === 'string') {
    const reason = unreadableText(value);
    return reason === null ? null : { path, reason };
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = findUnreadableText(item, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found) return found;
  }
  return null;
}
