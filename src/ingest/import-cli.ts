import { statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { readWrittenDataVersion } from '../graph/write/data-version';
import { openGraph } from '../neo4j/open-graph';
import { IMPORT_ADAPTERS, DATA_SETS, formatImportSummary, importDataSet, type DataSetName } from './history-import';
import { streamProgress } from './import-progress';
import { DEFAULT_STATSBOMB_SEASON } from './sources/statsbomb/read';
import { MalformedFileError } from './reading/validation';

const USAGE = `Usage: npm run import -- <data set> [<dir-or-url>] [--years 2026,2022] [--force]
  fjelstul      the Fjelstul World Cup Database CSVs (1930-2022, men's and women's)
  openfootball  openfootball worldcup.json year folders (default: 2026 only)
  wyscout       the Wyscout (Pappalardo et al.) 2018 World Cup extraction
  international-results  martj42's international results (every men's full international since 1872)
  statsbomb     your own clone of StatsBomb open data: its data/ folder [--competition 43 --season 3]
Without a folder, the data set's folder under KG_DATA_DIR (default the shipped seeds/datasets).
The same files as the data set's last import are validated, then left: nothing can have changed.
--force compares every row with the graph anyway.
Writes to NEO4J_URI when set, otherwise to the managed local Neo4j (started if needed).`;

interface Args {
  dataSet: DataSetName;
  location: string;
  years?: number[];
  season?: { competition: number; season: number };
  force: boolean;
}

function parseArgs(argv: string[], dataDir: string): Args | string {
  const [dataSet, given, ...options] = argv;
  if (!DATA_SETS.includes(dataSet as DataSetName)) return `unknown data set ${JSON.stringify(dataSet ?? '')}`;
  const folder = IMPORT_ADAPTERS.find((adapter) => adapter.name === dataSet)!.folder;
  const [location, rest] = given === undefined || given.startsWith('--') ? [path.join(dataDir, folder), argv.slice(1)] : [given, options];
  // Before connecting: a mistyped folder is reported at once, not after starting a database.
  if (!/^https?:\/\//i.test(location) && !statSync(location, { throwIfNoEntry: false })?.isDirectory()) {
    return `no such folder: ${location}`;
  }
  let years: number[] | undefined;
  let force = false;
  const season = { ...DEFAULT_STATSBOMB_SEASON };
  for (let i = 0; i < rest.length; i++) {
    const option = rest[i];
    if (option === '--force') {
      force = true;
      continue;
    }
    if (option === '--competition' || option === '--season') {
      const value = Number(rest[++i]);
      if (!Number.isInteger(value) || value < 0) return `${option} takes a StatsBomb id such as 43, got ${rest[i]}`;
      season[option === '--competition' ? 'competition' : 'season'] = value;
      continue;
    }
    if (option !== '--years') return `unknown option ${option}`;
    years = (rest[++i] ?? '').split(',').map(Number);
    if (years.some((year) => !Number.isInteger(year) || year < 1930)) return `--years takes years such as 2026,2022, got ${rest[i]}`;
  }
  // Only StatsBomb reads a season: another data set's import must not depend on it (import-fingerprint.ts).
  return { dataSet: dataSet as DataSetName, location, years, season: dataSet === 'statsbomb' ? season : undefined, force };
}

async function main(argv: string[]): Promise<number> {
  const config = loadConfig();
  const args = parseArgs(argv, config.dataDir);
  if (typeof args === 'string') {
    console.error(`${args}\n\n${USAGE}`);
    return 2;
  }
  const { graph, uri, managed, close } = await openGraph(config);
  try {
    console.error(`Importing into ${uri}${managed ? ' (managed local Neo4j)' : ''}`);
    const summary = await importDataSet(graph, args.dataSet, args.location, {
      years: args.years,
      season: args.season,
      force: args.force,
      progress: streamProgress(process.stderr),
    });
    console.log(formatImportSummary(summary));
    // What a client sends as X-KG-Min-Data-Version to read this import on any API replica.
    console.log(`data version ${await readWrittenDataVersion(graph)}`);
    return 0;
  } finally {
    await close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof MalformedFileError) {
      console.error(`Rejected, nothing of this import was written: ${error.message}`);
      process.exit(3);
    }
    console.error(error instanceof ConfigError || !(error instanceof Error) ? String(error instanceof Error ? error.message : error) : error.stack);
    process.exit(1);
  },
);
