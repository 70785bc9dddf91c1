import type { Period } from '../graph/vocabulary';
import { parseMinute } from '../graph/identity';

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
