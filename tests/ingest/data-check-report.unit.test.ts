import { describe, expect, it } from 'vitest';
import type { InvariantResult } from '../../src/graph/write/invariants';
import { formatDataCheck } from '../../src/ingest/data-check-report';

const result = (name: string, passed: number, unknown: string[], violated: string[]): InvariantResult => ({
  name, rule: `the rule of ${name}`, counts: { passed, unknown: unknown.length, violated: violated.length }, examples: { unknown, violated },
});

describe('formatDataCheck', () => {
  it('prints a table, then the examples of each invariant that is not all passed, then the violations', () => {
    expect(formatDataCheck([result('a', 3, [], []), result('b', 1, ['m1: no score'], ['m2: score 1-0, goals 2-0'])])).toBe([
      '| invariant | passed | unknown | violated |',
      '| --- | ---: | ---: | ---: |',
      '| a | 3 | 0 | 0 |',
      '| b | 1 | 1 | 1 |',
      '',
      'b: the rule of b',
      '- violated: m2: score 1-0, goals 2-0',
      '- unknown: m1: no score',
      '',
      'violations: 1',
    ].join('\n'));
  });
});
