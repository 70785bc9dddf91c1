import path from 'node:path';
import { loadConfig } from '../config';
import { applyUpdate, planUpdate, readUpstream, UPSTREAM_FILE, verifyCopy } from './data-set-copy';
import { DATA_SET_ADAPTERS } from './history-import';

const USAGE = `Usage: npm run data:update -- <data set> [--revision <commit>] [--write]
  ${DATA_SET_ADAPTERS.map((adapter) => adapter.name).join(', ')}
Checks the shipped copy (KG_DATA_DIR/<folder>) against its SHA256SUMS, downloads the data set's
upstream files at --revision (default: the revision recorded in its upstream.json, which checks the
copy against its upstream) and shows what changed, file by file. --write then replaces the files and
records their checksums and the revision; run the tests and re-import (npm start) afterwards.`;

async function main(argv: string[]): Promise<number> {
  const [name, ...options] = argv;
  const adapter = DATA_SET_ADAPTERS.find((candidate) => candidate.name === name);
  const revisionAt = options.indexOf('--revision');
  const revision = revisionAt >= 0 ? options[revisionAt + 1] : undefined;
  const unknown = options.filter((option, i) => option.startsWith('--') && !['--revision', '--write'].includes(option) && i !== revisionAt + 1);
  if (!adapter || (revisionAt >= 0 && !revision) || unknown.length > 0) {
    console.error(`${adapter ? `unknown option ${unknown[0] ?? '--revision without a commit'}` : `unknown data set ${JSON.stringify(name ?? '')}`}\n\n${USAGE}`);
    return 2;
  }
  const dir = path.join(loadConfig().dataDir, adapter.folder);
  const copy = await verifyCopy(dir);
  for (const [what, files] of Object.entries(copy)) if (files.length) console.log(`shipped copy: ${what} against SHA256SUMS: ${files.join(', ')}`);

  const upstream = await readUpstream(dir);
  if (!upstream) {
    console.log(`${adapter.name}: no ${UPSTREAM_FILE}: this copy was made by hand, as its README says; only its checksums were checked.`);
    return Object.values(copy).some((files) => files.length > 0) ? 1 : 0;
  }
  console.log(`${adapter.name}: ${upstream.repository} at ${revision ?? `${upstream.revision} (recorded)`}`);
  const plan = await planUpdate(dir, upstream, revision);
  for (const change of plan.changes) {
    const lines = change.status === 'unchanged' ? '' : ` (+${change.linesAdded} -${change.linesRemoved} lines)`;
    console.log(`  ${change.status.padEnd(9)} ${change.file}${lines}`);
  }
  for (const [file, how] of Object.entries(upstream.derived)) console.log(`  derived   ${file}: not fetched, ${how}`);
  const changed = plan.changes.filter((change) => change.status !== 'unchanged').length;
  if (changed === 0) {
    console.log('Nothing to update: the shipped files are the upstream files at that revision.');
    return Object.values(copy).some((files) => files.length > 0) ? 1 : 0;
  }
  if (!options.includes('--write')) {
    console.log(`${changed} file(s) differ; --write replaces them and records the revision.`);
    return 0;
  }
  await applyUpdate(dir, plan);
  console.log(`Written: ${changed} file(s), SHA256SUMS and upstream.json (revision ${plan.revision}).`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
