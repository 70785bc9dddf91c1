import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles } from '../support/source-imports';

const root = path.resolve(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

/** `yaml` from 'yaml', `@apollo/server` from '@apollo/server/plugin/...': the package a specifier names. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

describe('runtime dependencies', () => {
  // The Docker image prunes devDependencies: a package the server imports at run time but lists
  // only as a devDependency works in development and crashes in production.
  it('lists every package src/ imports at run time under dependencies', () => {
    const missing = new Set<string>();
    for (const file of sourceFiles(path.join(root, 'src'))) {
      for (const { specifier } of importsOf(file).filter((i) => !i.typeOnly && !i.specifier.startsWith('.'))) {
        const name = packageOf(specifier);
        if (!builtinModules.includes(name.replace(/^node:/, '')) && !(name in pkg.dependencies)) missing.add(`${name} (${path.relative(root, file)})`);
      }
    }
    expect([...missing]).toEqual([]);
  });
});
