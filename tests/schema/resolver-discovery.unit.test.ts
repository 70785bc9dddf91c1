import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compiledFromMissingSource } from '../../src/schema/resolvers';

describe('compiledFromMissingSource', () => {
  const roots: string[] = [];
  afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

  /** A checkout with `dist/schema/<name>.resolver.js` compiled from `src/schema/<name>.resolver.ts`. */
  function checkout({ withSource, withSourceTree = true }: { withSource: boolean; withSourceTree?: boolean }): string {
    const root = mkdtempSync(path.join(os.tmpdir(), 'resolver-discovery-'));
    roots.push(root);
    mkdirSync(path.join(root, 'dist', 'schema'), { recursive: true });
    if (withSourceTree) mkdirSync(path.join(root, 'src', 'schema'), { recursive: true });
    if (withSource) writeFileSync(path.join(root, 'src', 'schema', 'team.resolver.ts'), '');
    const file = path.join(root, 'dist', 'schema', 'team.resolver.js');
    writeFileSync(file, '//# sourceMappingURL=team.resolver.js.map\n');
    writeFileSync(`${file}.map`, JSON.stringify({ version: 3, sources: ['../../src/schema/team.resolver.ts'], mappings: '' }));
    return file;
  }

  it('tells a compiled resolver whose source was deleted or moved from a current one', () => {
    expect(compiledFromMissingSource(checkout({ withSource: false }))).toBe(true);
    expect(compiledFromMissingSource(checkout({ withSource: true }))).toBe(false);
  });

  it('keeps every compiled file where the sources are not at hand (an image), and every source file', () => {
    expect(compiledFromMissingSource(checkout({ withSource: false, withSourceTree: false }))).toBe(false);
    expect(compiledFromMissingSource(path.join(__dirname, '..', '..', 'src', 'schema', 'teams', 'team.resolver.ts'))).toBe(false);
  });
});
