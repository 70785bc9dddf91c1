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
