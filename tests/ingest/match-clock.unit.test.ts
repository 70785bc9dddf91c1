import { describe, expect, it } from 'vitest';
import { readMatchClock } from '../../src/ingest/match-clock';

describe('readMatchClock', () => {
  it('keeps stoppage time apart from the regulation minute', () => {
    expect(readMatchClock('90+2', false)).toEqual({ minute: 90, addedTime: 2, period: 'second-half', elapsed: 92 });
    expect(readMatchClock("45'+1", undefined)).toEqual({ minute: 45, addedTime: 1, period: 'first-half', elapsed: 46 });
  });

  it('reads a minute past 90 as stoppage time when no extra time was played', () => {
    expect(readMatchClock("96'", false)).toEqual({ minute: 90, addedTime: 6, period: 'second-half', elapsed: 96 });
  });

  it('reads a minute past 90 as extra time when it was played', () => {
    expect(readMatchClock(111, true)).toEqual({ minute: 111, addedTime: null, period: 'extra-time-second-half', elapsed: 111 });
    expect(readMatchClock(55, true).period).toBe('second-half');
  });

  it('refuses what it cannot read', () => {
    expect(() => readMatchClock(96, undefined)).toThrow(/must state extraTime/);
    expect(() => readMatchClock('60+2', false)).toThrow(/added time only follows/);
    expect(() => readMatchClock('120+1', false)).toThrow(/had none/);
    expect(() => readMatchClock(125, true)).toThrow(/past the end/);
  });
});
