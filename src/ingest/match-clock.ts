import type { Period } from '../graph/model/vocabulary';
import { parseMinute } from '../graph/model/identity';

/** A printed match minute, read the way the model stores it (schema/model.md, `Goal`). */
export interface ClockReading {
  /** Regulation minute: 90+2 and a report's 92' in a match without extra time are both 90. */
  minute: number;
  addedTime: number | null;
  period: Period;
  /** Minutes played when it happened (92 for 90+2), for on/off arithmetic in appearances. */
  elapsed: number;
}

/** The last regulation minute of each period, in order. */
export const PERIOD_ENDS: ReadonlyArray<[number, Period]> = [
  [45, 'first-half'],
  [90, 'second-half'],
  [105, 'extra-time-first-half'],
  [120, 'extra-time-second-half'],
];

/**
 * Reads "55", "90+2" or "96'" against what is known of the match. Whether a minute past 90 is
 * stoppage time or extra time depends on whether extra time was played, so it must be known then.
 * Throws with the reason when the label cannot be read.
 */
export function readMatchClock(label: number | string, extraTime: boolean | undefined): ClockReading {
  const { minute, addedTime } = parseMinute(String(label));
  if (addedTime !== null) {
    const period = PERIOD_ENDS.find(([end]) => end === minute)?.[1];
    if (!period) throw new Error(`added time only follows 45, 90, 105 or 120, not ${minute}`);
    if (minute > 90 && extraTime === false) throw new Error(`${label} is in extra time, but the match had none`);
    return { minute, addedTime, period, elapsed: minute + addedTime };
  }
  if (minute > 90) {
    if (extraTime === undefined) throw new Error(`minute ${minute} is past 90, so the match must state extraTime`);
    if (!extraTime) return { minute: 90, addedTime: minute - 90, period: 'second-half', elapsed: minute };
    if (minute > 120) throw new Error(`minute ${minute} is past the end of extra time`);
  }
  const period = PERIOD_ENDS.find(([end]) => minute <= end)?.[1] ?? 'extra-time-second-half';
  return { minute, addedTime: null, period, elapsed: minute };
}

/** A player's time on the pitch in one match, in the minutes the appearance is recorded in. */
export interface PitchTime {
  /** 0 for a starter; null for a substitute whose minute on no source gives. */
  minuteOn: number | null;
  /** The earlier of being substituted and being sent off; null when on to the end. */
  minuteOff: number | null;
  /** Minutes played; null when the minute on is unknown. */
  minutes: number | null;
}

/**
 * The one rule for minutes played: from kick-off (a starter) or the minute on, to the minute taken
 * off or sent off, whichever came first, else to the end of the match (90, or 120 with extra
 * time). A starter sent off at 60' played 60; a substitute on at 70' and sent off at 85' played 15.
 * A sending-off before the minute on (a player sent off from the bench) does not end the appearance.
 * The minutes are whatever clock the caller keeps (regulation or elapsed), the same for all three.
 */
export function pitchTime(
  started: boolean,
  events: { cameOn?: number | null; wentOff?: number | null; sentOff?: number | null },
  extraTime: boolean,
): PitchTime {
  const minuteOn = started ? 0 : events.cameOn ?? null;
  const leaving = [events.wentOff, events.sentOff].filter(
    (minute): minute is number => minute !== null && minute !== undefined && (minuteOn === null || minute >= minuteOn),
  );
  const minuteOff = leaving.length > 0 ? Math.min(...leaving) : null;
  if (minuteOn === null) return { minuteOn, minuteOff, minutes: null };
  const end = extraTime ? 120 : 90;
  return { minuteOn, minuteOff, minutes: Math.max(0, (minuteOff ?? Math.max(end, minuteOn)) - minuteOn) };
}
