import { execFile } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { WEB_BUILD_DIR } from '../../src/server/static-pages';

const ROOT = path.resolve(__dirname, '..', '..');
const WEB_SOURCES = path.join(ROOT, 'web');
const BUILT_PAGES = ['playground/index.html', 'explorer/index.html'].map((page) => path.join(WEB_BUILD_DIR, page));

async function newestModification(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const times = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => (await stat(path.join(entry.parentPath, entry.name))).mtimeMs),
  );
  return Math.max(0, ...times);
}

async function oldestPage(): Promise<number | undefined> {
  const times = await Promise.all(
    BUILT_PAGES.map((page) =>
      stat(page).then(
        (info) => info.mtimeMs,
        () => undefined,
      ),
    ),
  );
  return times.includes(undefined) ? undefined : Math.min(...(times as number[]));
}

/**
 * Builds the pages (`npm run build:web`) when they are missing or older than a file under web/,
 * so `npm test` needs no separate build step and never tests a stale bundle.
 */
export async function ensureWebBundle(): Promise<void> {
  const built = await oldestPage();
  if (built !== undefined && built >= (await newestModification(WEB_SOURCES))) return;
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  await promisify(execFile)(
    process.execPath,
    [vite, 'build', '--config', 'web/vite.config.mts', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: test what ships.
      env: { ...process.env, NODE_ENV: 'production' },
      maxBuffer: 16 << 20,
    },
  );
}
