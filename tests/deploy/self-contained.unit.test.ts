import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');
/** The folder beside the checkout that the data sets used to be read from. */
const SIBLING = 'shared';
/** A path out of the checkout to that folder, written as a path or as `path.join` parts, or three levels up. */
const OUTSIDE = new RegExp(`\\.\\./${SIBLING}\\b|'\\.\\.',\\s*'${SIBLING}'|'\\.\\.',\\s*'\\.\\.',\\s*'\\.\\.'`);

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts|js|mjs|json|md|sh|yml|yaml)$|^run$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

describe('the repository is self-contained', () => {
  it('reads nothing from beside the checkout: code, tests, bench, CI and the README', () => {
    const files = [...['src', 'tests', 'bench', '.ci', 'docs'].flatMap(filesUnder), 'README.md', 'Dockerfile', 'docker-compose.yml'];
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((file) => path.join(ROOT, file) !== __filename && OUTSIDE.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
