import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../../config';
import type { GraphClient } from '../driver/driver';

export const CONSTRAINTS_FILE = path.join(REPO_ROOT, 'schema', 'constraints.cypher');

/**
 * Applies every statement of schema/constraints.cypher (each is `IF NOT EXISTS`, so this is safe at
 * every start-up), then waits for the indexes to come online so the first queries can use them.
 */
export async function applyConstraints(graph: GraphClient, file: string = CONSTRAINTS_FILE): Promise<void> {
  const statements = parseCypherStatements(await readFile(file, 'utf8'));
  // Schema commands cannot share a transaction, hence one write per statement.
  for (const statement of statements) await graph.write(statement);
  await graph.write('CALL db.awaitIndexes(300)');
}

/** Splits a Cypher script on a `;` that ends a line, dropping `//` comment lines and blanks. */
export function parseCypherStatements(script: string): string[] {
  const withoutComments = script
    .split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .join('\n');
  return withoutComments
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}
