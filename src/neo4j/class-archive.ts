import { createHash } from 'node:crypto';
import path from 'node:path';
import type { JavaRuntime } from './java';

/**
 * Neo4j's classes as a class-data-sharing archive (the JDK's AppCDS), one per Neo4j version (it
 * sits beside that version's jars) and Java build: a start maps the classes instead of loading,
 * parsing and verifying each one, a good part of the CPU a start costs. The JVM writes it at exit
 * when started with `-XX:ArchiveClassesAtExit`, so it comes from a training run (launcher.ts).
 */
export function classArchiveFile(jarsDir: string, java: JavaRuntime): string {
  const build = createHash('sha256').update(java.command).update('\0').update(java.version).digest('hex').slice(0, 16);
  return path.join(path.dirname(path.resolve(jarsDir)), `classes-${build}.jsa`);
}

/** How a start uses the archive: maps it, writes it at exit (training), or goes without. */
export type ClassArchiveUse = { map: string } | { write: string } | undefined;

/**
 * The JVM flags for `use`. An archive the JVM cannot map (another build wrote it, a file cut short)
 * is skipped with a warning in Neo4j's console log, never fatal: sharing stays at `-Xshare:auto`.
 */
export function classArchiveJvmArgs(use: ClassArchiveUse): string[] {
  if (!use) return [];
  return 'map' in use ? [`-XX:SharedArchiveFile=${use.map}`, '-Xshare:auto'] : [`-XX:ArchiveClassesAtExit=${use.write}`];
}

/**
 * What the training run sends, so that the archive holds the classes of every kind of work the
 * project asks of Neo4j: schema, batched writes by id, reads with subqueries and projections,
 * full-text search, plans (EXPLAIN) and administration.
 */
export const TRAINING_STATEMENTS: readonly string[] = [
  'CREATE CONSTRAINT training_id IF NOT EXISTS FOR (n:Training) REQUIRE n.id IS UNIQUE',
  'CREATE FULLTEXT INDEX training_names IF NOT EXISTS FOR (n:Training) ON EACH [n.name]',
  'CALL db.awaitIndexes(60)',
  `UNWIND range(1, 300) AS i MERGE (n:Training {id: 'n' + i}) SET n += {name: 'Name ' + i, year: 1930 + i % 90, tags: ['a', 'b']}
   WITH n, i MATCH (m:Training {id: 'n' + (1 + i % 7)}) USING INDEX SEEK m:Training(id) MERGE (n)-[r:LINKS {at: i}]->(m)`,
  `CALL () { UNWIND ['n1', 'n2', 'n3'] AS id MATCH (n:Training {id: id})
     RETURN id AS key, n {.id, .name, links: COLLECT { MATCH (n)-[:LINKS]->(m) RETURN m.id ORDER BY m.id }, degree: COUNT { (n)--() }} AS value }
   WITH collect({key: key, value: value}) AS results
   UNWIND range(0, 1) AS list RETURN list, [entry IN results | entry.key] AS keys, [entry IN results | entry.value] AS values`,
  `MATCH (n:Training) WHERE n.year > 1950 AND EXISTS { (n)-[:LINKS]->(:Training) }
   WITH n ORDER BY n.name, n.id SKIP 2 LIMIT 20
   RETURN n.id AS id, [(n)-[r:LINKS]->(m) | m {.id, at: r.at}] AS links, CASE WHEN n.year % 2 = 0 THEN 'even' ELSE 'odd' END AS parity`,
  `MATCH (n:Training) RETURN n.year AS year, count(*) AS n, collect(DISTINCT n.name)[0..3] AS names, sum(size(n.tags)) AS tags ORDER BY year`,
  `CALL db.index.fulltext.queryNodes('training_names', 'name~') YIELD node, score RETURN node.id, score LIMIT 5`,
  `EXPLAIN MATCH p = shortestPath((a:Training {id: 'n1'})-[*..4]-(b:Training {id: 'n9'})) RETURN p`,
  'SHOW INDEXES YIELD name, state RETURN name, state',
];
