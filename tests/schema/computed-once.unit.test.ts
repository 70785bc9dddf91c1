import { describe, expect, it } from 'vitest';
import { computedOnce } from '../../src/schema/computed-once';

describe('computedOnce', () => {
  it('computes once per rows and key, and hands every caller the same value', () => {
    const rows = [{ goalsFor: 2 }, { goalsFor: 1 }];
    let runs = 0;
    const total = () => {
      runs++;
      return { goals: rows.reduce((sum, row) => sum + row.goalsFor, 0) };
    };
    const first = computedOnce(rows, 'record', total);
    expect(computedOnce(rows, 'record', total)).toBe(first);
    expect(first).toEqual({ goals: 3 });
    expect(runs).toBe(1);
  });

  it('keeps other keys and other rows apart', () => {
    const rows = [1, 2, 3];
    const sameContent = [1, 2, 3];
    expect(computedOnce(rows, 'sum', () => 6)).toBe(6);
    expect(computedOnce(rows, 'count', () => 3)).toBe(3);
    expect(computedOnce(sameContent, 'sum', () => -1)).toBe(-1);
    expect(computedOnce(rows, 'sum', () => 0)).toBe(6);
  });

  it('remembers an undefined or null result rather than computing it again', () => {
    const rows: unknown[] = [];
    let runs = 0;
    computedOnce(rows, 'best', () => (runs++, null));
    computedOnce(rows, 'best', () => (runs++, null));
    expect(runs).toBe(1);
  });
});
