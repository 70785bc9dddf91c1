import { parseExampleQuery, type ExampleQuery } from './example-query';

// Inlined at build time, so the playground ships its examples and needs no request to list them.
const sources = import.meta.glob<string>('./*.graphql', { query: '?raw', import: 'default', eager: true });
// Mutations live apart: the server warms its plans with the examples above and never writes at start-up.
const editing = import.meta.glob<string>('./editing/*.graphql', { query: '?raw', import: 'default', eager: true });

/** The examples in file-name order: the numeric prefixes set the order of the tabs. */
export const exampleQueries: ExampleQuery[] = [sources, editing].flatMap((files) =>
  Object.keys(files)
    .sort()
    .map((path) => parseExampleQuery(path, files[path])));
