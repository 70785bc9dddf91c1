import { LineCounter, parseDocument, type Document } from 'yaml';
import { seedFileSchema, type SeedFileData } from './seed-schema';
import { formatPath, type SeedIssue } from './seed-error';

/** A seed file after parsing and schema validation, with a way back to line numbers. */
export interface ParsedSeedFile {
  file: string;
  data: SeedFileData;
  lineOf(path: ReadonlyArray<PropertyKey>): number | undefined;
}

/**
 * Parses one YAML or JSON seed file (JSON is YAML, so one parser gives line numbers for both) and
 * checks it against the seed schema. Returns the issues instead of throwing, so the caller can
 * report every file's problems together.
 */
export function parseSeedFile(file: string, source: string): ParsedSeedFile | SeedIssue[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return doc.errors.map((error) => ({
      file,
      path: '',
      line: lineCounter.linePos(error.pos[0]).line,
      reason: `not valid YAML/JSON: ${error.message}`,
    }));
  }
  const lineOf = (path: ReadonlyArray<PropertyKey>) => findLine(doc, lineCounter, path);
  const result = seedFileSchema.safeParse(doc.toJS() ?? {});
  if (!result.success) {
    return result.error.issues.map((issue) => ({
      file,
      path: formatPath(issue.path),
      line: lineOf(issue.path),
      reason: issue.message,
    }));
  }
  return { file, data: result.data, lineOf };
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
