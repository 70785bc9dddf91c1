import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../../config';
import type { GraphClient } from '../driver/driver';
import { ENTITIES, ENTRY } from './model';

export const CONSTRAINTS_FILE = path.join(REPO_ROOT, 'schema', 'constraints.cypher');

const idConstraintName = (label: string) => `${label.toLowerCase()}_id`;

/**
 * One per label of the model, computed from it so that a new kind brings its own: ids unique within
 * each label. Roles and entries share another label's ids and get an index instead: the writer and
 * loaders match players and coaches by role label, which Person's constraint does not serve, and
 * entries by id for their squads, coaches and results.
 */
export function idConstraints(): string[] {
  return [
    ...ENTITIES.map(({ label }) => `CREATE CONSTRAINT ${idConstraintName(label)} IF NOT EXISTS FOR (n:${label}) REQUIRE n.id IS UNIQUE`),
    ...[...ENTITIES.flatMap((entity) => entity.roles ?? []), ENTRY.label].map((label) =>
      `CREATE INDEX ${idConstraintName(label)} IF NOT EXISTS FOR (n:${label}) ON (n.id)`),
  ];
}

/** The id constraints of the model, then the statements of `file`: every schema statement a start applies. */
export async function schemaStatements(file: string = CONSTRAINTS_FILE): Promise<string[]> {
  return [...idConstraints(), ...parseCypherStatements(await readFile(file, 'utf8'))];
}

/**
 * Applies the schema statements (`schemaStatements`) whose constraint or index the database does
 * not have by name yet (each is `IF NOT EXISTS`, so this is safe at every start-up), then waits for
 * the indexes to come online so the first queries can use them.
 */
export async function applyConstraints(graph: GraphClient, file: string = CONSTRAINTS_FILE): Promise<void> {
  const statements = await schemaStatements(file);
  // A later start finds them all: two reads instead of a schema write each on a JVM still cold.
  const existing = await existingSchemaNames(graph);
  const missing = statements.filter((statement) => {
    const name = schemaNameOf(statement);
    return name === undefined || !existing.has(name);
  });
  // Schema commands cannot share a transaction, hence one write per statement.
  for (const statement of missing) await graph.write(statement);
  await graph.write('CALL db.awaitIndexes(300)');
}

async function existingSchemaNames(graph: GraphClient): Promise<Set<string>> {
  const [constraints, indexes] = await Promise.all(
    ['SHOW CONSTRAINTS YIELD name RETURN name', 'SHOW INDEXES YIELD name RETURN name'].map((show) => graph.read<{ name: string }>(show)),
  );
  return new Set([...constraints, ...indexes].map((row) => row.name));
}

/** The name a `CREATE ... CONSTRAINT|INDEX <name> IF NOT EXISTS` statement gives; undefined for one without. */
export function schemaNameOf(statement: string): string | undefined {
  return /^CREATE\s+(?:\w+\s+)?(?:CONSTRAINT|INDEX)\s+(\w+)\s+IF\s+NOT\s+EXISTS\b/i.exec(statement)?.[1];
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
