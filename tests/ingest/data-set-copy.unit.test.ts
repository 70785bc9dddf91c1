import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import {
  applyUpdate,
  compareFile,
  formatChecksums,
  listDataFiles,
  parseChecksums,
  planUpdate,
  readChecksums,
  readUpstream,
  sha256,
  verifyCopy,
} from '../../src/ingest/data-set-copy';
import { DATA_SET_ADAPTERS } from '../../src/ingest/history-import';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the shipped data sets', () => {
  const dataDir = loadConfig({}).dataDir;

  it.each(DATA_SET_ADAPTERS.map((adapter) => [adapter.name, adapter.folder] as const))(
    '%s ships every file its SHA256SUMS lists, unchanged, with a README and a licence',
    async (_name, folder) => {
      const dir = path.join(dataDir, folder);
      expect(await verifyCopy(dir)).toEqual({ changed: [], missing: [], unlisted: [] });
      expect((await readChecksums(dir)).size).toBeGreaterThan(0);
      const names = await readdir(dir);
      expect(names).toContain('README.md');
      expect(names.some((name) => name.startsWith('LICENSE'))).toBe(true);
      // Every file said to be taken from upstream, or derived, is one the copy ships.
      const upstream = await readUpstream(dir);
      const shipped = await listDataFiles(dir);
      for (const file of [...Object.keys(upstream?.files ?? {}), ...Object.keys(upstream?.derived ?? {})]) expect(shipped).toContain(file);
    },
  );
});

describe('checksums and file comparison', () => {
  it('reads and writes sha256sum lines, and names the line of a bad one', () => {
    const sums = new Map([['b.csv', 'b'.repeat(64)], ['2026/a.json', 'a'.repeat(64)]]);
    const text = formatChecksums(sums);
    expect(text).toBe(`${'a'.repeat(64)}  2026/a.json\n${'b'.repeat(64)}  b.csv\n`);
    expect(parseChecksums(text, 'SHA256SUMS')).toEqual(sums);
    expect(() => parseChecksums(`${text}not a checksum\n`, 'SHA256SUMS')).toThrow('SHA256SUMS:3: expected "<sha256>  <file name>"');
  });

  it('counts the lines added and removed, an edited row once each way', () => {
    const before = bytes('id,name\n1,Pelé\n2,Garrincha\n');
    expect(compareFile('x.csv', before, before)).toEqual({ file: 'x.csv', status: 'unchanged', linesAdded: 0, linesRemoved: 0 });
    expect(compareFile('x.csv', before, bytes('id,name\n1,Pele\n2,Garrincha\n3,Didi\n'))).toEqual({
      file: 'x.csv',
      status: 'changed',
      linesAdded: 2,
      linesRemoved: 1,
    });
    expect(compareFile('x.csv', undefined, before).status).toBe('new');
  });
});

describe('updating a copy from its upstream', () => {
  const published = new Map<string, string>();
  let server: Server;
  let dir: string;
  const revisionA = 'a'.repeat(40);
  const revisionB = 'b'.repeat(40);

  beforeAll(async () => {
    published.set(`/${revisionA}/data/results.csv`, 'date,home,away\n1872-11-30,Scotland,England\n');
    published.set(`/${revisionB}/data/results.csv`, 'date,home,away\n1872-11-30,Scotland,England\n1873-03-08,England,Scotland\n');
    server = createServer((req, res) => {
      const body = published.get(req.url ?? '');
      res.writeHead(body === undefined ? 404 : 200).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    dir = await mkdtemp(path.join(os.tmpdir(), 'kg-data-copy-'));
    await mkdir(dir, { recursive: true });
    const first = published.get(`/${revisionA}/data/results.csv`)!;
    await writeFile(path.join(dir, 'results.csv'), first);
    await writeFile(path.join(dir, 'SHA256SUMS'), formatChecksums(new Map([['results.csv', sha256(bytes(first))]])));
    const upstream = {
      repository: 'https://example.org/results',
      revision: revisionA,
      rawUrl: `http://127.0.0.1:${port}/{revision}/{path}`,
      files: { 'results.csv': 'data/results.csv' },
    };
    await writeFile(path.join(dir, 'upstream.json'), JSON.stringify(upstream));
  });
  afterAll(async () => {
    server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('finds the copy equal to its upstream at the recorded revision', async () => {
    const plan = await planUpdate(dir, (await readUpstream(dir))!);
    expect(plan.changes).toEqual([{ file: 'results.csv', status: 'unchanged', linesAdded: 0, linesRemoved: 0 }]);
  });

  it('shows a newer revision\'s changes, then writes the files, their checksums and the revision', async () => {
    const plan = await planUpdate(dir, (await readUpstream(dir))!, revisionB);
    expect(plan.changes).toEqual([{ file: 'results.csv', status: 'changed', linesAdded: 1, linesRemoved: 0 }]);
    await applyUpdate(dir, plan);
    expect(await readFile(path.join(dir, 'results.csv'), 'utf8')).toBe(published.get(`/${revisionB}/data/results.csv`));
    expect(await verifyCopy(dir)).toEqual({ changed: [], missing: [], unlisted: [] });
    expect((await readUpstream(dir))!.revision).toBe(revisionB);
  });

  it('names the URL of a file upstream does not publish', async () => {
    await expect(planUpdate(dir, (await readUpstream(dir))!, 'c'.repeat(40))).rejects.toThrow(/\/c{40}\/data\/results\.csv: HTTP 404$/);
  });

  it('reports a shipped file edited by hand', async () => {
    await writeFile(path.join(dir, 'results.csv'), 'edited\n');
    await writeFile(path.join(dir, 'extra.csv'), 'x\n');
    expect(await verifyCopy(dir)).toEqual({ changed: ['results.csv'], missing: [], unlisted: ['extra.csv'] });
  });
});
