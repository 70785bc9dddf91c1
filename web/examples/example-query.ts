/** One ready-made query of the playground, read from a `web/examples/*.graphql` file. */
export interface ExampleQuery {
  /** The file name without its extension, stable enough to use as a key or a test name. */
  name: string;
  /** What the query shows, from the file's first line (a `# ...` comment). */
  title: string;
  query: string;
}

/**
 * The examples are plain .graphql files so that editors highlight them and the API test can run
 * them as they are; their title rides along as the leading comment, which GraphQL ignores.
 */
export function parseExampleQuery(path: string, source: string): ExampleQuery {
  const name = (path.split('/').pop() ?? path).replace(/\.graphql$/, '');
  const firstLine = source.split('\n', 1)[0].trim();
  if (!firstLine.startsWith('#')) {
    throw new Error(`example query ${path} must start with a '# title' comment line, but starts with: ${firstLine}`);
  }
  return { name, title: firstLine.replace(/^#+\s*/, ''), query: source };
}
