import { describe, expect, it } from 'vitest';
import { jsonKey } from '../../src/server/json-key';

describe('jsonKey', () => {
  it('is the JSON text of ordinary values', () => {
    expect(jsonKey(['q', { a: [1, 'x'] }, null])).toBe('["q",{"a":[1,"x"]},null]');
  });

  it('is undefined, not a thrown RangeError, for values nested past the stack', () => {
    const deep = JSON.parse(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`);
    expect(jsonKey(['q', deep])).toBeUndefined();
  });
});
