import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles } from '../support/source-imports';

const ROOT = path.resolve(__dirname, '..', '..');
const SRC = path.join(ROOT, 'src');

/** What each part of src/ must not import: imports point one way, server → schema → graph, ingest → graph. */
const FORBIDDEN: ReadonlyArray<{ from: string; not: readonly string[] }> = [
  { from: 'src/graph/', not: ['src/schema/', 'src/server/', 'src/ingest/'] },
  { from: 'src/schema/', not: ['src/server/', 'src/ingest/'] },
  { from: 'src/ingest/', not: ['src/schema/', 'src/server/'] },
];
/** The bottom layer, imported by all and importing nothing of ours. */
const BOTTOM = ['src/config.ts', 'src/grouped-by.ts', 'src/logger.ts', 'src/metrics.ts'];

/** The repository-relative file a relative specifier of `file` resolves to, as the compiler would find it. */
function resolved(file: string, specifier: string): string {
  const base = path.resolve(path.dirname(file), specifier.replace(/\.js$/, ''));
  const found = [`${base}.ts`, path.join(base, 'index.ts'), base].find((candidate) => existsSync(candidate) && candidate.endsWith('.ts'));
  if (!found) throw new Error(`${path.relative(ROOT, file)}: cannot resolve '${specifier}'`);
  return path.relative(ROOT, found);
}

/** Each file of src/ with the files of ours it imports. */
function importGraph(): Map<string, string[]> {
  return new Map(sourceFiles(SRC).map((file) => [
    path.relative(ROOT, file),
    importsOf(file).filter((i) => i.specifier.startsWith('.')).map((i) => resolved(file, i.specifier)),
  ]));
}

/** Every import circle, each once, as the files around it starting from its smallest path. */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const circles = new Map<string, string[]>();
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (file: string) => {
    const at = onPath.indexOf(file);
    if (at >= 0) {
      const circle = onPath.slice(at);
      const start = circle.indexOf([...circle].sort()[0]!);
      const rotated = [...circle.slice(start), ...circle.slice(0, start)];
      circles.set(rotated.join(' → '), rotated);
      return;
    }
    if (done.has(file)) return;
    onPath.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    onPath.pop();
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) visit(file);
  return [...circles.values()];
}

describe('imports between the parts of src/', () => {
  const graph = importGraph();

  it('reads the imports of every source file', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('src/ingest/history-import.ts')).toContain('src/ingest/pipeline.ts');
  });

  it('form no circle', () => {
    expect(importCircles(graph).map((circle) => [...circle, circle[0]].join(' → '))).toEqual([]);
  });

  it('finds a circle where there is one', () => {
    const circles = importCircles(new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts', 'd.ts']], ['d.ts', []]]));
    expect(circles).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('point one way: graph imports no schema, server or ingest; schema no server or ingest; ingest no schema or server', () => {
    const against = [...graph].flatMap(([file, targets]) => {
      const rule = FORBIDDEN.find((r) => file.startsWith(r.from));
      return rule ? targets.filter((t) => rule.not.some((part) => t.startsWith(part))).map((t) => `${file} → ${t}`) : [];
    });
    expect(against).toEqual([]);
  });

  it('leave the bottom layer (config, logger, metrics, grouped-by) importing nothing of ours', () => {
    expect(BOTTOM.flatMap((file) => (graph.get(file) ?? ['missing']).map((t) => `${file} → ${t}`))).toEqual([]);
  });
});
