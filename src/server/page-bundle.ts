import { execFile } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { WEB_BUILD_DIR } from './static-pages';

// src/server and dist/server both sit two levels below the repository root.
const ROOT = path.resolve(__dirname, '..', '..');
/** What the pages are built from: their sources, and the lock file that fixes their libraries. */
const PAGE_INPUTS = [path.join(ROOT, 'web'), path.join(ROOT, 'package-lock.json')];
const BUILT_PAGES = ['playground/index.html', 'explorer/index.html'].map((page) => path.join(WEB_BUILD_DIR, page));

async function newestModification(file: string): Promise<number> {
  const info = await stat(file);
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(file, { withFileTypes: true, recursive: true });
  const times = await Promise.all(
    entries.filter((entry) => entry.isFile()).map(async (entry) => (await stat(path.join(entry.parentPath, entry.name))).mtimeMs),
  );
  return Math.max(0, ...times);
}

async function oldestPage(): Promise<number | undefined> {
  const times = await Promise.all(BUILT_PAGES.map((page) => stat(page).then((info) => info.mtimeMs, () => undefined)));
  return times.includes(undefined) ? undefined : Math.min(...(times as number[]));
}

/** Whether the built pages are missing or older than a file they are built from. */
export async function pagesAreStale(): Promise<boolean> {
  const built = await oldestPage();
  if (built === undefined) return true;
  const inputs = await Promise.all(PAGE_INPUTS.map(newestModification));
  return built < Math.max(...inputs);
}

/**
 * Builds the pages (`npm run build:web`) only when they are stale, so a later `npm start` and
 * `npm test` skip Vite's few seconds and never serve or test an old bundle. Returns whether it built.
 */
export async function buildPagesIfStale(): Promise<boolean> {
  if (!(await pagesAreStale())) return false;
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  await promisify(execFile)(process.execPath, [vite, 'build', '--config', 'web/vite.config.mts', '--logLevel', 'warn'], {
    cwd: ROOT,
    // Under vitest NODE_ENV is `test`, which would make Vite bundle React's development build: build what ships.
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 16 << 20,
  });
  return true;
}

if (require.main === module) {
  const started = Date.now();
  buildPagesIfStale().then(
    (built) => console.log(built ? `pages built in ${((Date.now() - started) / 1000).toFixed(1)} s` : 'pages up to date'),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
