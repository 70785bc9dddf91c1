import { describe, expect, it } from 'vitest';
import { MAX_WARM_UP_ROUNDS, MIN_WARM_UP_ROUNDS, warmingStillPays } from '../../src/server/plan-warm-up';

describe('warmingStillPays', () => {
  it('runs rounds until the look-ahead statement, compiled by the first round, has run', () => {
    expect(MIN_WARM_UP_ROUNDS).toBe(2);
    expect(warmingStillPays([])).toBe(true);
    expect(warmingStillPays([40])).toBe(true);
    expect(warmingStillPays([40, 60])).toBe(false);
  });

  it('goes on while each round is clearly faster than the one before', () => {
    expect(warmingStillPays([13_500, 600])).toBe(true);
    expect(warmingStillPays([13_500, 600, 400])).toBe(true);
  });

  it('stops once a round is no longer clearly faster', () => {
    expect(warmingStillPays([13_500, 600, 400, 390])).toBe(false);
    expect(warmingStillPays([50, 45])).toBe(false);
  });

  it(`stops after ${MAX_WARM_UP_ROUNDS} rounds whatever the times`, () => {
    expect(warmingStillPays([1600, 800, 400, 200, 100])).toBe(false);
  });
});
