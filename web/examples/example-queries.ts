import { parseExampleQuery, type ExampleQuery } from './example-query';

// Inlined at build time, so the playground ships its examples and needs no request to list them.
const sources = import.meta.glob<string>('./*.graphql', { query: '?raw', import: 'default', eager: true });

/** The examples in file-name order: the numeric prefixes set the order of the tabs. */
export const exampleQueries: ExampleQuery[] = Object.keys(sources)
  .sort()
  .map((path) => parseExampleQuery(path, sources[path]));
