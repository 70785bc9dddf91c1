import path from 'node:path';
import { ConfigError, loadConfig } from '../../config';
import { applyConstraints } from '../../graph/model/constraints';
import { readWrittenDataVersion } from '../../graph/write/data-version';
import { openGraph } from '../../neo4j/open-graph';
import { formatConflict } from '../history-import';
import { loadSeedFiles, SEEDS_DIR, writeSeedFiles } from './load';
import { SeedError } from './error';

/**
 * `npm run seed [-- <dir>]`: validates every seed file, then writes them one transaction per file
 * into the database `npm start` uses (NEO4J_URI, or the managed local Neo4j).
 */
async function main(dir: string): Promise<number> {
  // Before connecting: a bad file is reported at once, without waiting for a database to start.
  const files = loadSeedFiles(dir);
  const { graph, uri, managed, close } = await openGraph(loadConfig());
  try {
    console.error(`Seeding ${dir} into ${uri}${managed ? ' (managed local Neo4j)' : ''}`);
    await applyConstraints(graph);
    for (const { file, counts, conflicts } of await writeSeedFiles(graph, files)) {
      const written = Object.entries(counts).filter(([, n]) => n > 0).map(([kind, n]) => `${n} ${kind}`);
      console.log(`${file}: ${written.join(', ') || 'nothing'}`);
      // What the seeds state differently from the graph's other sources, as the import summary shows it.
      for (const conflict of conflicts) console.log(`  ${formatConflict(conflict)}`);
    }
    console.log(`data version ${await readWrittenDataVersion(graph)}`);
    return 0;
  } finally {
    await close();
  }
}

main(process.argv[2] ? path.resolve(process.argv[2]) : SEEDS_DIR).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof SeedError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(error instanceof SeedError ? 3 : 1);
    }
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
