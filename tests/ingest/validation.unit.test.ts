import { describe, expect, it } from 'vitest';
import { readCsvTable } from '../../src/ingest/reading/csv';
import {
  decodeUtf8,
  everyRow,
  findUnreadableText,
  MalformedFileError,
  mustReference,
  uniqueBy,
  unreadableText,
} from '../../src/ingest/reading/validation';
import { calendarDate, count, isMatchMinute, LIMITS, matchMinute, wholeNumber } from '../../src/ingest/reading/value-rules';

/** The MalformedFileError `run` throws, so a test can assert its file, line and reason. */
function rejection(run: () => unknown): MalformedFileError {
  try {
    run();
  } catch (error) {
    if (error instanceof MalformedFileError) return error;
    throw error;
  }
  throw new Error('expected a MalformedFileError');
}

describe('value rules', () => {
  it('wholeNumber reads CSV text within its range and names the range when outside', () => {
    const minute = wholeNumber(LIMITS.minute);
    expect(minute.parse('90')).toBe(90);
    expect(minute.safeParse('-5').error?.issues[0]?.message).toBe('must be a whole number from 1 to 120');
    expect(minute.safeParse('121').success).toBe(false);
    expect(minute.safeParse('4.5').error?.issues[0]?.message).toBe('must be a whole number');
    expect(minute.safeParse('').success).toBe(false);
  });

  it('count takes JSON numbers only, whole and within range', () => {
    const goals = count(LIMITS.goals);
    expect(goals.parse(13)).toBe(13);
    expect(goals.safeParse(-1).success).toBe(false);
    expect(goals.safeParse(2.5).success).toBe(false);
    expect(goals.safeParse('2').success).toBe(false);
  });

  it('calendarDate accepts only days that exist', () => {
    for (const date of ['1930-07-13', '2024-02-29', '2000-02-29']) expect(calendarDate.safeParse(date).success).toBe(true);
    for (const date of ['1930-13-45', '2023-02-29', '1900-02-29', '2026-02-30', '2026-04-31', '2026-6-1', '26-06-01']) {
      expect(calendarDate.safeParse(date).error?.issues[0]?.message).toBe('must be a real date YYYY-MM-DD');
    }
  });

  it('a match minute is 1 to 120 with up to 30 minutes added', () => {
    for (const label of [1, '55', "96'", '90+2', "90'+13", '120+5', 120]) expect(isMatchMinute(label)).toBe(true);
    for (const label of [0, -5, '-5', '121', '90+31', 'ninety', '', 4.5]) expect(isMatchMinute(label)).toBe(false);
    expect(matchMinute.safeParse('90+60').error?.issues[0]?.message).toMatch(/^expected a match minute such as 55/);
  });
});

describe('row checks', () => {
  const rows = [
    { line: 2, id: 'P-1', team: 'T-1' },
    { line: 3, id: 'P-2', team: 'T-2' },
    { line: 4, id: 'P-1', team: 'T-9' },
  ];

  it('uniqueBy names the second row and where the first one is', () => {
    const error = rejection(() => uniqueBy('players.csv', rows, (r) => r.id, 'player_id'));
    expect(error).toMatchObject({ file: 'players.csv', line: 4, reason: 'duplicate player_id "P-1", already on line 2' });
    expect(() => uniqueBy('players.csv', rows.slice(0, 2), (r) => r.id, 'player_id')).not.toThrow();
  });

  it('uniqueBy ignores rows a key does not apply to, and gives JSON paths where there are no lines', () => {
    expect(() => uniqueBy('f', rows, () => null, 'x')).not.toThrow();
    const json = [{ line: null, where: 'matches[0]', num: 7 }, { line: null, where: 'matches[5]', num: 7 }];
    const error = rejection(() => uniqueBy('worldcup.json', json, (m) => String(m.num), 'match number'));
    expect(error.message).toBe('worldcup.json (matches[5]): duplicate match number "7", already on matches[0]');
  });

  it('mustReference rejects the first row naming something undefined', () => {
    const error = rejection(() => mustReference('goals.csv', rows, (r) => r.team, new Set(['T-1', 'T-2']), 'team_id'));
    expect(error.message).toBe('goals.csv:4: unknown team_id "T-9"');
    expect(() => mustReference('goals.csv', rows, (r) => (r.team === 'T-9' ? null : r.team), new Set(['T-1', 'T-2']), 'team_id')).not.toThrow();
  });

  it('everyRow rejects with the reason the rule gives', () => {
    const error = rejection(() => everyRow('f.csv', rows, (r) => (r.team === 'T-2' ? 'not T-2' : null)));
    expect(error).toMatchObject({ line: 3, reason: 'not T-2' });
  });
});

describe('reading files', () => {
  it('decodeUtf8 names the line of the first invalid byte, and drops a BOM', () => {
    const bytes = Buffer.concat([Buffer.from('a,b\nGarcía,1\n'), Buffer.from([0x4d, 0xc3, 0x28, 0x0a]), Buffer.from('ok\n')]);
    expect(rejection(() => decodeUtf8(bytes, 'p.csv')).message).toBe('p.csv:3: not valid UTF-8 (the file must be UTF-8 encoded)');
    expect(rejection(() => decodeUtf8(Buffer.from([0x61, 0x0a, 0xff]), 'p.csv')).line).toBe(2);
    expect(decodeUtf8(Buffer.from('\uFEFFkey,name\n1,Ñandú\n'), 'p.csv')).toBe('key,name\n1,Ñandú\n');
  });

  it('refuses control characters and U+FFFD in any text, and finds them in parsed documents', () => {
    expect(unreadableText('Ñandú\tCity\n')).toBeNull();
    expect(unreadableText('Fern\uFFFDndez')).toBe('holds U+FFFD, the replacement character of a broken encoding');
    expect(unreadableText('a\u0000b')).toBe('holds the control character U+0000');
    expect(findUnreadableText({ matches: [{ team1: 'x' }, { goals: [{ name: 'B\u001Bx' }] }] }))
      .toEqual({ path: ['matches', 1, 'goals', 0, 'name'], reason: 'holds the control character U+001B' });
    expect(findUnreadableText({ a: [1, true, null, 'ok'] })).toBeNull();
    expect(rejection(() => readCsvTable('id,name\n1,x\u007f\n', 'teams.csv', {})).message).toBe('teams.csv:2: name: holds the control character U+007F');
  });

  it('rejects a CSV file that has a header but no rows', () => {
    expect(rejection(() => readCsvTable('id,name\n', 'teams.csv', {})).message).toBe('teams.csv:1: only a header, no rows');
    expect(readCsvTable('id,name\n1,x\n', 'teams.csv', {})).toEqual([{ line: 2 }]);
  });
});
