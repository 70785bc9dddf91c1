import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Every `.ts` file under `dir`, as absolute paths. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : [],
  );
}

export interface ImportStatement {
  specifier: string;
  /** `import type` and `export type`: gone after compilation, but still a dependency between files. */
  typeOnly: boolean;
}

/**
 * The module specifiers a file's `import`/`export ... from` statements (over several lines too),
 * side-effect imports and dynamic `import()` calls name; comments are dropped first so that an
 * example in a doc comment is not taken for an import.
 */
export function importsOf(file: string): ImportStatement[] {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const statements = [...text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^;'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm)]
    .map(([, type, specifier]) => ({ specifier: specifier!, typeOnly: type !== undefined }));
  const dynamic = [...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map(([, specifier]) => ({ specifier: specifier!, typeOnly: false }));
  return [...statements, ...dynamic];
}
