import { LineCounter, parseDocument, Scalar, visit, type Document } from 'yaml';
import { seedFileSchema, type SeedFileData } from './schema';
import type { SeedIssue } from './error';
import { decodeUtf8, findUnreadableText, formatPath, MalformedFileError } from '../reading/validation';

/** A seed file after parsing and schema validation, with a way back to line numbers. */
export interface ParsedSeedFile {
  file: string;
  data: SeedFileData;
  lineOf(path: ReadonlyArray<PropertyKey>): number | undefined;
}

/**
 * Parses one YAML or JSON seed file (JSON is YAML, so one parser gives line numbers for both) and
 * checks it against the seed schema. Returns the issues instead of throwing, so the caller can
 * report every file's problems together. Bytes are decoded as strict UTF-8: a broken byte is an
 * issue with its line, not a U+FFFD in a name.
 */
export function parseSeedFile(file: string, content: string | Uint8Array): ParsedSeedFile | SeedIssue[] {
  let source: string;
  try {
    source = typeof content === 'string' ? content : decodeUtf8(content, file);
  } catch (error) {
    if (!(error instanceof MalformedFileError)) throw error;
    return [{ file, path: '', line: error.line ?? undefined, reason: error.reason }];
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return doc.errors.map((error) => ({
      file,
      path: '',
      line: lineCounter.linePos(unclosedOpening(doc, source, error.pos[0]) ?? error.pos[0]).line,
      reason: `not valid YAML/JSON: ${error.message}`,
    }));
  }
  // An empty file is a truncated copy more often than an intended one: it would load silently.
  if (doc.contents === null) return [{ file, path: '', line: 1, reason: 'the file is empty' }];
  const lineOf = (path: ReadonlyArray<PropertyKey>) => findLine(doc, lineCounter, path);
  const unreadable = findUnreadableText(doc.toJS());
  if (unreadable) return [{ file, path: formatPath(unreadable.path), line: lineOf(unreadable.path), reason: unreadable.reason }];
  const result = seedFileSchema.safeParse(doc.toJS());
  if (!result.success) {
    return result.error.issues.map((issue) => ({
      file,
      path: formatPath(issue.path),
      line: lineOf(issue.path),
      reason: issue.message,
    }));
  }
  if (Object.values(result.data).every((section) => section.length === 0)) {
    return [{ file, path: '', line: 1, reason: `declares nothing: no ${Object.keys(result.data).join(', ')}` }];
  }
  return { file, data: result.data, lineOf };
}

const CLOSERS: Record<string, string> = { '{': '}', '[': ']', '"': '"', "'": "'" };

/**
 * Where the last flow collection or quoted scalar before `pos` opens without being closed: the
 * parser notices an unclosed `{` or `"` only lines later, but the fault is where it opens.
 */
function unclosedOpening(doc: Document, source: string, pos: number): number | undefined {
  let opening: number | undefined;
  const consider = (node: { range?: [number, number, number] | null }) => {
    const [start, end] = node.range ?? [pos + 1, pos + 1];
    const text = source.slice(start, end).trimEnd();
    const closer = CLOSERS[text[0] ?? ''];
    if (start <= pos && closer && (text.length < 2 || !text.endsWith(closer)) && (opening === undefined || start > opening)) opening = start;
  };
  visit(doc, {
    Map: (_, node) => (node.flow ? consider(node) : undefined),
    Seq: (_, node) => (node.flow ? consider(node) : undefined),
    Scalar: (_, node) => (node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE ? consider(node) : undefined),
  });
  return opening;
}

/** The line of the deepest node the path reaches: a missing key is reported at its parent. */
function findLine(doc: Document, lineCounter: LineCounter, path: ReadonlyArray<PropertyKey>): number | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth) as unknown[], true);
    const range = (node as { range?: [number, number, number] } | undefined)?.range;
    if (range) return lineCounter.linePos(range[0]).line;
  }
  return undefined;
}
