import { describe, expect, it } from 'vitest';
import { pitchTime, readMatchClock } from '../../src/ingest/match-clock';

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

describe('pitchTime', () => {
  it('counts a full match, with or without extra time', () => {
    expect(pitchTime(true, {}, false)).toEqual({ minuteOn: 0, minuteOff: null, minutes: 90 });
    expect(pitchTime(true, {}, true)).toEqual({ minuteOn: 0, minuteOff: null, minutes: 120 });
  });

  it('ends at the substitution or the sending-off, whichever came first', () => {
    expect(pitchTime(true, { sentOff: 60 }, false)).toEqual({ minuteOn: 0, minuteOff: 60, minutes: 60 });
    expect(pitchTime(true, { wentOff: 64 }, true)).toEqual({ minuteOn: 0, minuteOff: 64, minutes: 64 });
    expect(pitchTime(false, { cameOn: 70, sentOff: 85 }, false)).toEqual({ minuteOn: 70, minuteOff: 85, minutes: 15 });
    expect(pitchTime(false, { cameOn: 64, wentOff: 120, sentOff: 110 }, true)).toEqual({ minuteOn: 64, minuteOff: 110, minutes: 46 });
  });

  it('plays a substitute from the minute on to the end, extra time included', () => {
    expect(pitchTime(false, { cameOn: 103 }, true)).toEqual({ minuteOn: 103, minuteOff: null, minutes: 17 });
    expect(pitchTime(false, { cameOn: 75 }, false)).toEqual({ minuteOn: 75, minuteOff: null, minutes: 15 });
  });

  it('ignores a sending-off from the bench and never counts below zero', () => {
    expect(pitchTime(false, { cameOn: 80, sentOff: 30 }, false)).toEqual({ minuteOn: 80, minuteOff: null, minutes: 10 });
    // A report's elapsed 96' in a match without extra time: on after 90, off never.
    expect(pitchTime(false, { cameOn: 96 }, false)).toEqual({ minuteOn: 96, minuteOff: null, minutes: 0 });
  });

  it('leaves the minutes unknown when no source gives the minute on', () => {
    expect(pitchTime(false, {}, false)).toEqual({ minuteOn: null, minuteOff: null, minutes: null });
  });
});
