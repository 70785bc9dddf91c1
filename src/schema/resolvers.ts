import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getMetadataStorage } from 'type-graphql';

/** A file defining resolvers, in any domain folder: `<name>.resolver.ts`, or `.js` once compiled. */
const RESOLVER_FILE = /\.resolver\.(ts|js)$/;

/**
 * Every resolver class of the schema, found rather than listed: each class a `*.resolver` file below
 * this folder exports (alone or in an exported list), that type-graphql knows as a resolver. A new
 * domain type's resolver file is in the schema once it exists. Sorted by file, so the order never
 * depends on the file system's.
 */
export async function discoverResolvers(): Promise<Function[]> {
  const files = readdirSync(__dirname, { recursive: true, encoding: 'utf8' })
    .filter((file) => RESOLVER_FILE.test(file) && !compiledFromMissingSource(path.join(__dirname, file)))
    .sort();
  const modules: Array<Record<string, unknown>> = await Promise.all(files.map((file) => import(path.join(__dirname, file))));
  const known = new Set<unknown>(getMetadataStorage().resolverClasses.map((resolver) => resolver.target));
  return [...new Set(modules.flatMap((exports) => Object.values(exports).flat()).filter((value) => known.has(value)))] as Function[];
}

/**
 * Whether `file` is the output of a source that no longer exists: `tsc -b` never deletes what a
 * moved or deleted file compiled to, and such a resolver would join the schema. Told by the source
 * map, where the sources are at hand (a checkout); an image without them keeps every file it has.
 */
export function compiledFromMissingSource(file: string): boolean {
  const map = `${file}.map`;
  if (!file.endsWith('.js') || !existsSync(map)) return false;
  const sources = (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources.map((source) => path.resolve(path.dirname(map), source));
  return sources.some((source) => existsSync(path.dirname(path.dirname(source)))) && !sources.some((source) => existsSync(source));
}
