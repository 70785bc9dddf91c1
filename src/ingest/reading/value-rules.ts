import { z } from 'zod';
import { parseMinute } from '../../graph/model/identity';

/**
 * The ranges a value may take in any source (data set or seed), declared once so that every
 * importer refuses the same corrupted values. Wide enough for every real World Cup: the longest
 * stoppage time recorded is 90+13, the highest score 13-0, shirt numbers run 0 (none worn, before
 * 1954) to 26.
 */
export const LIMITS = {
  /** Regulation minute of an event: 1-120 (extra time included); stoppage time is apart. */
  minute: { min: 1, max: 120 },
  addedTime: { min: 0, max: 30 },
  goals: { min: 0, max: 50 },
  penalties: { min: 0, max: 50 },
  shirtNumber: { min: 0, max: 99 },
  year: { min: 1930, max: 2100 },
  /** openfootball numbers a tournament's matches; 2026 has 104. */
  matchNumber: { min: 1, max: 200 },
  capacity: { min: 0, max: 250_000 },
} as const;

export interface Range {
  min: number;
  max: number;
}

const rangeMessage = ({ min, max }: Range) => `must be a whole number from ${min} to ${max}`;

/** A whole number in range, from CSV text ("12"). */
export function wholeNumber(range: Range) {
  return z
    .string()
    .regex(/^-?\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(range.min, rangeMessage(range)).max(range.max, rangeMessage(range)));
}

/** A whole number in range, from JSON or YAML (12). */
export function count(range: Range) {
  return z.int('must be a whole number').min(range.min, rangeMessage(range)).max(range.max, rangeMessage(range));
}

/** Text with something in it: a name of spaces is as missing as an empty one. */
export const nonBlank = z.string().regex(/\S/, 'must not be empty');

const HOURS_MINUTES = '([01]\\d|2[0-3]):[0-5]\\d';

/** A time of day, 00:00 to 23:59. */
export const timeOfDay = z.string().regex(new RegExp(`^${HOURS_MINUTES}$`), 'must be a time HH:MM from 00:00 to 23:59');

/** openfootball's kick-off: a time of day, with the UTC offset where the file gives it ("13:00 UTC-6"). */
export const timeWithOffset = z
  .string()
  .regex(new RegExp(`^${HOURS_MINUTES}( UTC[+-]\\d{1,2})?$`), 'must be a time such as "13:00 UTC-6", from 00:00 to 23:59');

/** A date that exists: 1930-13-45 and 2023-02-29 fail, 2024-02-29 passes. */
export const calendarDate = z.iso.date('must be a real date YYYY-MM-DD');

const MINUTE_MESSAGE =
  `expected a match minute such as 55, "96'" or "90+2" (${LIMITS.minute.min} to ${LIMITS.minute.max}, plus up to ${LIMITS.addedTime.max} added)`;

/** Whether a printed minute ("90+2", "96'", 55) is one a match can have. */
export function isMatchMinute(label: string | number): boolean {
  let parsed;
  try {
    parsed = parseMinute(String(label));
  } catch {
    return false;
  }
  const { minute, addedTime } = parsed;
  return minute >= LIMITS.minute.min && minute <= LIMITS.minute.max && (addedTime ?? 0) <= LIMITS.addedTime.max;
}

/** A printed minute, kept as given (the importer reads it against the match, see match-clock.ts). */
export const matchMinute = z.union([z.string(), z.number()], MINUTE_MESSAGE).refine(isMatchMinute, MINUTE_MESSAGE);
