import type { InvariantResult } from '../graph/write/invariants';

/** The invariants' results as a Markdown table, then the examples of what is unknown or violated. */
export function formatDataCheck(results: readonly InvariantResult[]): string {
  const lines = ['| invariant | passed | unknown | violated |', '| --- | ---: | ---: | ---: |'];
  for (const { name, counts } of results) lines.push(`| ${name} | ${counts.passed} | ${counts.unknown} | ${counts.violated} |`);
  for (const { name, rule, examples } of results) {
    if (examples.violated.length + examples.unknown.length === 0) continue;
    lines.push('', `${name}: ${rule}`);
    for (const status of ['violated', 'unknown'] as const) {
      for (const example of examples[status]) lines.push(`- ${status}: ${example}`);
    }
  }
  const violated = results.reduce((sum, result) => sum + result.counts.violated, 0);
  lines.push('', violated === 0 ? 'violations: 0' : `violations: ${violated}`);
  return lines.join('\n');
}
