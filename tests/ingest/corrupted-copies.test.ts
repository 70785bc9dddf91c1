import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { importDataSet, type DataSetName } from '../../src/ingest/history-import';
import { seedDatabase } from '../../src/ingest/seeds/load';
import { SeedError } from '../../src/ingest/seeds/error';
import { MalformedFileError } from '../../src/ingest/reading/validation';
import { seededTestGraph } from '../support/graph';
import { REAL_DATA_DIR } from '../support/real-data';

/**
 * Corrupted copies of the fixture data sets and of the seeds, as an attacker or a broken download
 * would produce them. Each must be rejected with file, line (or JSON path) and reason, and leave the
 * graph exactly as it was: same nodes, relationships and properties (a checksum over all of them).
 */
const ROOT = path.resolve(__dirname, '..', '..');
const FIXTURES = path.join(ROOT, 'tests', 'fixtures');
const SEEDS = path.join(ROOT, 'seeds');

/** A file's new content from its old bytes; null deletes the file. */
type Edit = (bytes: Buffer) => Buffer | string | null;
const replace = (from: string, to: string): Edit => (bytes) => {
  const text = bytes.toString('utf8');
  if (!text.includes(from)) throw new Error(`the fixture no longer holds ${JSON.stringify(from)}`);
  return text.replace(from, to);
};
const append = (row: string): Edit => (bytes) => `${bytes.toString('utf8').trimEnd()}\n${row}\n`;
/** Invalid UTF-8: a lead byte followed by a byte that cannot continue it, in place of `from`'s first byte. */
const breakUtf8 = (from: string): Edit => (bytes) => {
  const at = bytes.indexOf(Buffer.from(from, 'utf8'));
  if (at < 0) throw new Error(`the fixture no longer holds ${JSON.stringify(from)}`);
  return Buffer.concat([bytes.subarray(0, at), Buffer.from([0xc3, 0x28]), bytes.subarray(at + Buffer.byteLength(from))]);
};
/** Appends a copy of the first match of an openfootball fixtures file, changed by `change`. */
const copyFirstMatch = (change: (match: Record<string, unknown>) => Record<string, unknown>): Edit => (bytes) => {
  const fixtures = JSON.parse(bytes.toString('utf8')) as { matches: Array<Record<string, unknown>> };
  fixtures.matches.push(change(fixtures.matches[0]!));
  return JSON.stringify(fixtures, null, 1);
};
/** The file cut off in the middle of the row holding `within`, as an interrupted download leaves it. */
const truncate = (within: string): Edit => (bytes) => {
  const at = bytes.indexOf(Buffer.from(within, 'utf8'));
  if (at < 0) throw new Error(`the fixture no longer holds ${JSON.stringify(within)}`);
  return bytes.subarray(0, at + 3);
};
const headerOnly: Edit = (bytes) => `${bytes.toString('utf8').split('\n')[0]}\n`;
const remove: Edit = () => null;

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});
function corruptCopy(source: string, edits: Record<string, Edit>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'corrupted-'));
  tempDirs.push(dir);
  cpSync(source, dir, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const target = path.join(dir, file);
    const content = edit(existsSync(target) ? readFileSync(target) : Buffer.alloc(0));
    if (content === null) rmSync(target);
    else writeFileSync(target, content);
  }
  return dir;
}

/** Counts and a checksum over every node's and relationship's labels, type and properties. */
async function fingerprint(graph: GraphClient) {
  const nodes = await graph.read(`MATCH (n) RETURN labels(n) AS labels, properties(n) AS props`);
  const relationships = await graph.read(
    `MATCH (a)-[r]->(b) RETURN type(r) AS type, properties(r) AS props, a.id AS from, b.id AS to, labels(a) AS fromLabels, labels(b) AS toLabels`,
  );
  const hash = createHash('sha256');
  for (const row of [...nodes, ...relationships].map((r) => JSON.stringify(r, sortedKeys)).sort()) hash.update(row);
  return { nodes: nodes.length, relationships: relationships.length, checksum: hash.digest('hex') };
}
const sortedKeys = (_key: string, value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
    : value;

interface Case {
  name: string;
  dataSet: DataSetName;
  edits: Record<string, Edit>;
  /** The message: file (its name at the end of the path), line or path, and reason. */
  error: RegExp;
}

const F = 'fjelstul';
const O = 'openfootball';
const W = 'wyscout';
const CASES: Case[] = [
  // The seven corrupted copies of the hostile-input review that used to be written.
  { name: 'a goal at minute -5', dataSet: F, edits: { 'goals.csv': replace("48',48,0", "-5',-5,0") },
    error: /goals\.csv:8: minute_regulation: must be a whole number from 1 to 120 \(got "-5"\)$/ },
  { name: 'a date 1930-13-45', dataSet: F, edits: { 'matches.csv': replace('1986-06-22', '1986-13-45') },
    error: /matches\.csv:2: match_date: must be a real date YYYY-MM-DD \(got "1986-13-45"\)$/ },
  { name: 'a duplicated goal row', dataSet: F, edits: { 'goals.csv': append("1,G-1001,M-1986-48,T-03,P-20003,T-03,51',51,0,second half,0,0") },
    error: /goals\.csv:19: duplicate goal_id "G-1001", already on line 2$/ },
  { name: 'a duplicated player id under another name', dataSet: F, edits: { 'players.csv': append('15,P-14758,Duplicated,Someone,1990-01-01,0') },
    error: /players\.csv:46: duplicate player_id "P-14758", already on line 2$/ },
  { name: 'invalid UTF-8', dataSet: F, edits: { 'players.csv': breakUtf8('á') },
    error: /players\.csv:7: not valid UTF-8 \(the file must be UTF-8 encoded\)$/ },
  { name: 'an unknown team (openfootball)', dataSet: O, edits: { '2026/worldcup.json': replace('"team2": "Algeria"', '"team2": "Atlantis"') },
    error: /2026\/worldcup\.json \(matches\[0\]\): unknown team2 \(not in worldcup\.teams\.json\) "Atlantis"$/ },
  { name: 'an unknown team (Fjelstul)', dataSet: F, edits: { 'matches.csv': replace(',S-010,T-03,Argentina,T-29,', ',S-010,T-03,Argentina,T-99,') },
    error: /matches\.csv:2: unknown away_team_id "T-99"$/ },
  { name: 'a missing CSV', dataSet: F, edits: { 'goals.csv': remove }, error: /goals\.csv: missing: no such file$/ },

  // Beyond the seven: every file, every kind of corruption.
  { name: 'a copied goal row with a fresh id', dataSet: F, edits: { 'goals.csv': append("15,G-1015,M-1986-48,T-03,P-20003,T-03,51',51,0,second half,0,0") },
    error: /goals\.csv:19: duplicate goal \(match \/ team \/ player \/ period \/ minute \/ stoppage\) .*already on line 2$/ },
  { name: 'an extra goal the score does not have', dataSet: F, edits: { 'goals.csv': append("15,G-1015,M-1986-48,T-03,P-20003,T-03,70',70,0,second half,0,0") },
    error: /goals\.csv:19: goal 3 of T-03 in M-1986-48, whose score in matches\.csv \(line 2\) gives it 2$/ },
  { name: 'a missing goal', dataSet: F, edits: { 'goals.csv': replace("3,G-1003,M-1986-48,T-29,P-20004,T-29,81',81,0,second half,0,0\n", '') },
    error: /matches\.csv:2: away_team_score is 1 but goals\.csv lists 0 goal\(s\) for T-29$/ },
  { name: 'February 30th', dataSet: F, edits: { 'players.csv': replace('1987-06-24', '1987-02-30') },
    error: /players\.csv:2: birth_date: must be a real date YYYY-MM-DD \(got "1987-02-30"\)$/ },
  { name: 'a minute past extra time', dataSet: F, edits: { 'goals.csv': replace("118',118,0", "131',131,0") },
    error: /goals\.csv:15: minute_regulation: must be a whole number from 1 to 120 \(got "131"\)$/ },
  { name: 'stoppage time of an hour', dataSet: F, edits: { 'bookings.csv': replace("45'+7',45,7", "45'+60',45,60") },
    error: /bookings\.csv:5: minute_stoppage: must be a whole number from 0 to 30 \(got "60"\)$/ },
  { name: 'a minute outside its period', dataSet: F, edits: { 'goals.csv': replace("10',10,0,first half", "50',50,0,first half") },
    error: /goals\.csv:7: minute 50 is not in the first-half \(1-45, stoppage time after 45\)$/ },
  { name: 'extra time in a match without it', dataSet: F, edits: { 'goals.csv': replace("81',81,0,second half", "95',95,0,\"extra time, first half\"") },
    error: /goals\.csv:4: extra-time-first-half, but match M-1986-48 had no extra time$/ },
  { name: 'a negative score', dataSet: F, edits: { 'matches.csv': replace('T-29,England,2,1,', 'T-29,England,2,-1,') },
    error: /matches\.csv:2: away_team_score: must be a whole number from 0 to 50 \(got "-1"\)$/ },
  { name: 'a shirt number of 150', dataSet: F, edits: { 'squads.csv': replace('Messi,Lionel,10,', 'Messi,Lionel,150,') },
    error: /squads\.csv:6: shirt_number: must be a whole number from 0 to 99 \(got "150"\)$/ },
  { name: 'two players with one shirt', dataSet: F, edits: { 'squads.csv': replace('Di María,Ángel,11,', 'Di María,Ángel,10,') },
    error: /squads\.csv:7: duplicate shirt number \(tournament \/ team \/ shirt\) "WC-2022 \/ T-03 \/ 10", already on line 6$/ },
  { name: 'a year before the first World Cup', dataSet: F, edits: { 'tournaments.csv': replace(",1986,1986-05-31", ",1886,1986-05-31") },
    error: /tournaments\.csv:2: year: must be a whole number from 1930 to 2100 \(got "1886"\)$/ },
  { name: 'a match outside its tournament', dataSet: F, edits: { 'matches.csv': replace('1986-06-22', '1987-06-22') },
    error: /matches\.csv:2: match_date 1987-06-22 is outside WC-1986 \(1986-05-31 to 1986-06-29\)$/ },
  { name: 'a team playing itself', dataSet: F, edits: { 'matches.csv': replace(',S-010,T-03,Argentina,T-29,', ',S-010,T-03,Argentina,T-03,') },
    error: /matches\.csv:2: home_team_id and away_team_id are both T-03$/ },
  { name: 'a kick-off at 25:00', dataSet: F, edits: { 'matches.csv': replace(',12:00,', ',25:00,') },
    error: /matches\.csv:2: match_time: must be a time HH:MM from 00:00 to 23:59 \(got "25:00"\)$/ },
  { name: 'openfootball: a kick-off at 24:30', dataSet: O, edits: { '2026/worldcup.json': replace('"20:00 UTC-5"', '"24:30 UTC-5"') },
    error: /2026\/worldcup\.json \(matches\[0\]\.time\): time: must be a time such as "13:00 UTC-6", from 00:00 to 23:59 \(got "24:30 UTC-5"\)$/ },
  { name: 'a shoot-out without its score', dataSet: F, edits: { 'matches.csv': replace(',3,3,1,1,4,2,', ',3,3,1,1,NA,NA,') },
    error: /matches\.csv:5: penalty_shootout is 1 but the shoot-out score is NA$/ },
  { name: 'a shoot-out after a score that is not level', dataSet: F, edits: { 'matches.csv': replace(',3,3,1,1,4,2,', ',3,2,1,1,4,2,') },
    error: /matches\.csv:5: penalty_shootout is 1 but the score 3-2 is not level$/ },
  { name: 'a winner flag that contradicts the score', dataSet: F, edits: { 'matches.csv': replace(',2,1,0,0,NA,NA,1,0', ',2,1,0,0,NA,NA,0,1') },
    error: /matches\.csv:2: home_team_win 0 and away_team_win 1 disagree with the score 2-1$/ },
  { name: 'an unknown stadium', dataSet: F, edits: { 'matches.csv': replace(',S-010,', ',S-999,') },
    error: /matches\.csv:2: unknown stadium_id "S-999"$/ },
  { name: 'an unknown tournament', dataSet: F, edits: { 'host_countries.csv': replace('1,WC-1986,', '1,WC-1987,') },
    error: /host_countries\.csv:2: unknown tournament_id "WC-1987"$/ },
  { name: 'an unknown player in a squad', dataSet: F, edits: { 'squads.csv': replace(',P-20003,Maradona', ',P-99999,Maradona') },
    error: /squads\.csv:2: unknown player_id "P-99999"$/ },
  { name: 'an unknown match', dataSet: F, edits: { 'bookings.csv': replace(',M-2019-52,United States', ',M-2019-99,United States') },
    error: /bookings\.csv:4: unknown match_id "M-2019-99"$/ },
  { name: 'an unknown manager', dataSet: F, edits: { 'manager_appearances.csv': replace(',M-003\n', ',M-999\n') },
    error: /manager_appearances\.csv:2: unknown manager_id "M-999"$/ },
  { name: 'an unknown award', dataSet: F, edits: { 'award_winners.csv': replace(',A-1,Golden Ball,0,P-20003', ',A-9,Golden Ball,0,P-20003') },
    error: /award_winners\.csv:2: unknown award_id "A-9"$/ },
  { name: 'an award outside the vocabulary', dataSet: F, edits: { 'awards.csv': replace('A-1,Golden Ball,best', 'A-1,Platinum Ball,best') },
    error: /awards\.csv:2: award_name: .*"Platinum Ball"/ },
  { name: 'a winner no team is named', dataSet: F, edits: { 'tournaments.csv': replace(',Mexico,Argentina', ',Mexico,Atlantis') },
    error: /tournaments\.csv:2: unknown winner \(a team_name of teams\.csv\) "Atlantis"$/ },
  { name: 'a scorer of another team', dataSet: F, edits: { 'goals.csv': replace("T-64,P-20007,T-64,48'", "T-30,P-20007,T-30,48'") },
    error: /goals\.csv:8: team_id T-30 does not play in match M-2022-08$/ },
  { name: 'a scorer outside the squad', dataSet: F, edits: { 'goals.csv': replace("T-03,P-20003,T-03,51'", "T-03,P-14758,T-03,51'") },
    error: /goals\.csv:2: player_id P-14758 is not in the squad of T-03 at WC-1986 \(squads\.csv\)$/ },
  { name: 'an unknown confederation', dataSet: F, edits: { 'teams.csv': replace('ENG,1,1,UEFA', 'ENG,1,1,EUFA') },
    error: /teams\.csv:3: confederation_code: .*"EUFA"/ },
  { name: 'a duplicated team id', dataSet: F, edits: { 'teams.csv': append('9,T-03,Argentine Republic,ARX,1,1,CONMEBOL') },
    error: /teams\.csv:11: duplicate team_id "T-03", already on line 2$/ },
  { name: 'a duplicated stadium id', dataSet: F, edits: { 'stadiums.csv': append('4,S-010,Estadio Jalisco,Guadalajara,Mexico,48000') },
    error: /stadiums\.csv:6: duplicate stadium_id "S-010", already on line 2$/ },
  { name: 'a duplicated match id', dataSet: F, edits: { 'matches.csv': replace('3,WC-2022,2022 FIFA Men\'s World Cup,M-2022-08', '3,WC-2022,2022 FIFA Men\'s World Cup,M-1986-48') },
    error: /matches\.csv:4: duplicate match_id "M-1986-48", already on line 2$/ },
  { name: 'a duplicated substitution', dataSet: F, edits: { 'substitutions.csv': append("7,S-9001,M-2022-64,T-03,P-20001,64',64,0,second half,1,0") },
    error: /substitutions\.csv:18: duplicate substitution_id "S-9001", already on line 2$/ },
  { name: 'a duplicated booking', dataSet: F, edits: { 'bookings.csv': append(readFileSync(path.join(FIXTURES, 'fjelstul', 'bookings.csv'), 'utf8').split('\n')[1]!) },
    error: /bookings\.csv:8: duplicate booking_id "B-9001", already on line 2$/ },
  { name: 'a squad entry listed twice', dataSet: F, edits: { 'squads.csv': append("15,WC-2022,2022 FIFA Men's World Cup,T-03,Argentina,ARG,P-14758,Messi,Lionel,30,forward,FW") },
    error: /squads\.csv:49: duplicate squad entry \(tournament \/ player\) "WC-2022 \/ P-14758", already on line 6$/ },
  { name: 'a stage listed twice', dataSet: F, edits: { 'tournament_stages.csv': append("5,WC-2022,2022 FIFA Men's World Cup,6,final") },
    error: /tournament_stages\.csv:7: duplicate stage "WC-2022 \/ final", already on line 5$/ },
  { name: 'U+FFFD left by a lossy copy', dataSet: F, edits: { 'players.csv': replace('Fernández', 'Fern\uFFFDndez') },
    error: /players\.csv:7: family_name: holds U\+FFFD, the replacement character of a broken encoding$/ },
  { name: 'a NUL byte in a name', dataSet: F, edits: { 'teams.csv': replace('England', 'Eng\u0000land') },
    error: /teams\.csv:3: team_name: holds the control character U\+0000$/ },
  { name: 'a name of spaces', dataSet: F, edits: { 'teams.csv': replace(',T-29,England,', ',T-29,   ,') },
    error: /teams\.csv:3: team_name: must not be empty \(got "   "\)$/ },
  { name: 'a header-only goals file', dataSet: F, edits: { 'goals.csv': headerOnly }, error: /goals\.csv:1: only a header, no rows$/ },
  { name: 'an empty teams file', dataSet: F, edits: { 'teams.csv': () => '' }, error: /teams\.csv:1: the file is empty; a header row is required$/ },

  { name: 'openfootball: a goal at minute -5', dataSet: O, edits: { '2026/worldcup.json': replace('"minute": "17"', '"minute": "-5"') },
    error: /2026\/worldcup\.json \(matches\[0\]\.goals1\.0\.minute\): goals1\.0\.minute: expected a match minute .*\(got "-5"\)$/ },
  { name: 'openfootball: an hour of stoppage time', dataSet: O, edits: { '2026/worldcup.json': replace('"minute": "92"', '"minute": "90+60"') },
    error: /2026\/worldcup\.json \(matches\[2\]\.goals2\.1\.minute\): goals2\.1\.minute: expected a match minute .*\(got "90\+60"\)$/ },
  { name: 'openfootball: February 30th', dataSet: O, edits: { '2026/worldcup.json': replace('"2026-06-16"', '"2026-02-30"') },
    error: /2026\/worldcup\.json \(matches\[0\]\.date\): date: must be a real date YYYY-MM-DD \(got "2026-02-30"\)$/ },
  { name: 'openfootball: a match in another year', dataSet: O, edits: { '2026/worldcup.json': replace('"2026-06-16"', '"2025-06-16"') },
    error: /2026\/worldcup\.json \(matches\[0\]\): date 2025-06-16 is not in 2026$/ },
  { name: 'openfootball: a negative score', dataSet: O, edits: { '2026/worldcup.json': replace('"ft": [2, 0]', '"ft": [2, -1]') },
    error: /2026\/worldcup\.json \(matches\[0\]\.score\.ft\.1\): score\.ft\.1: must be a whole number from 0 to 50 \(got -1\)$/ },
  { name: 'openfootball: a half-time score above full time', dataSet: O, edits: { '2026/worldcup.json': replace('"ht": [1, 0]}', '"ht": [3, 0]}') },
    error: /2026\/worldcup\.json \(matches\[0\]\): score\.ht 3-0 is more than score\.ft 2-0$/ },
  { name: 'openfootball: a level shoot-out', dataSet: O, edits: { '2026/worldcup.json': replace('"p": [3, 4]', '"p": [4, 4]') },
    error: /2026\/worldcup\.json \(matches\[1\]\): score\.p 4-4 is level: a shoot-out has a winner$/ },
  { name: 'openfootball: a duplicated goal', dataSet: O,
    edits: { '2026/worldcup.json': replace('{"name": "Lionel Messi", "minute": "17"}', '{"name": "Lionel Messi", "minute": "17"}, {"name": "Lionel Messi", "minute": "17"}') },
    error: /2026\/worldcup\.json \(matches\[0\]\.goals1\[1\]\): duplicate goal \(scorer and minute\) "Lionel Messi 17", already on matches\[0\]\.goals1\[0\]$/ },
  { name: 'openfootball: goals that do not add up to the score', dataSet: O, edits: { '2026/worldcup.json': replace('"ft": [2, 0]', '"ft": [3, 0]') },
    error: /2026\/worldcup\.json \(matches\[0\]\): goals1 and goals2 list 2-0 goals, but the score is 3-0$/ },
  { name: 'openfootball: a duplicated match', dataSet: O, edits: { '2026/worldcup.json': copyFirstMatch((match) => match) },
    error: /2026\/worldcup\.json \(matches\[3\]\): duplicate match "group-stage: Algeria v Argentina", already on matches\[0\]$/ },
  { name: 'openfootball: a duplicated match number', dataSet: O, edits: { '2026/worldcup.json': replace('"num": 102', '"num": 74') },
    error: /2026\/worldcup\.json \(matches\[2\]\): duplicate match number "74", already on matches\[1\]$/ },
  { name: 'openfootball: a team playing itself', dataSet: O, edits: { '2026/worldcup.json': copyFirstMatch((match) => ({ ...match, round: 'Matchday 9', team2: 'Argentina' })) },
    error: /2026\/worldcup\.json \(matches\[3\]\): team1 and team2 are both Argentina$/ },
  { name: 'openfootball: an unknown ground', dataSet: O, edits: { '2026/worldcup.json': replace('"ground": "Atlanta"', '"ground": "Atlantis"') },
    error: /2026\/worldcup\.json \(matches\[2\]\): unknown ground \(no stadium of worldcup\.stadiums\.json is in that city\) "Atlantis"$/ },
  { name: 'openfootball: a squad of a team that plays no match', dataSet: O, edits: { '2026/worldcup.squads.json': replace('{"name": "England"', '{"name": "USA"') },
    error: /2026\/worldcup\.squads\.json \(\[1\]\): unknown team \(it plays no match in worldcup\.json\) "United States"$/ },
  { name: 'openfootball: a player listed twice', dataSet: O,
    edits: { '2026/worldcup.squads.json': replace('"date_of_birth": "2001-01-17"}', '"date_of_birth": "2001-01-17"}, {"number": 25, "name": "Enzo Fernández", "date_of_birth": "2001-01-17"}') },
    error: /2026\/worldcup\.squads\.json \(\[0\]\.players\[2\]\): duplicate player "Enzo Fernández 2001-01-17", already on \[0\]\.players\[1\]$/ },
  { name: 'openfootball: a shirt number of 150', dataSet: O, edits: { '2026/worldcup.squads.json': replace('"number": 10,', '"number": 150,') },
    error: /2026\/worldcup\.squads\.json: 0\.players\.0\.number: must be a whole number from 0 to 99 \(got 150\)$/ },
  { name: 'openfootball: a duplicated team', dataSet: O, edits: { '2026/worldcup.teams.json': replace('"name": "USA"', '"name": "Argentina"') },
    error: /2026\/worldcup\.teams\.json \(\[5\]\): duplicate team "Argentina", already on \[0\]$/ },
  { name: 'openfootball: no matches', dataSet: O, edits: { '2026/worldcup.json': () => '{"name": "World Cup 2026", "matches": []}' },
    error: /2026\/worldcup\.json: matches: must list at least one match \(got \[\]\)$/ },
  { name: 'openfootball: U+FFFD in a scorer', dataSet: O, edits: { '2026/worldcup.json': replace('Lautaro Martínez", "minute": "70"', 'Lautaro Mart\uFFFDnez", "minute": "70"') },
    error: /2026\/worldcup\.json \(matches\[0\]\.goals1\[1\]\.name\): holds U\+FFFD/ },
  { name: 'openfootball: invalid UTF-8', dataSet: O, edits: { '2026/worldcup.json': breakUtf8('í') },
    error: /2026\/worldcup\.json:5: not valid UTF-8/ },

  { name: 'Wyscout: a truncated file', dataSet: W, edits: { 'lineups.csv': truncate(',Messi Cuccittini,') }, error: /lineups\.csv:7: expected 17 fields as in the header, found 7$/ },
  { name: 'Wyscout: invalid UTF-8', dataSet: W, edits: { 'lineups.csv': breakUtf8('Á') }, error: /lineups\.csv:5: not valid UTF-8 \(the file must be UTF-8 encoded\)$/ },
  { name: 'Wyscout: a goal for an unknown player', dataSet: W, edits: { 'goals.csv': replace(',12274,Argentina,101652,M. Rojo,', ',12274,Argentina,999999,M. Rojo,') },
    error: /goals\.csv:4: scorer_id 999999 is not on the squad sheet of match 2057976 \(lineups\.csv\)$/ },
  { name: 'Wyscout: a duplicated match id', dataSet: W, edits: { 'matches.csv': (bytes) => { const [header, row] = bytes.toString('utf8').split('\n'); return `${header}\n${row}\n${row}\n`; } },
    error: /matches\.csv:3: duplicate match_id "2057976", already on line 2$/ },
];

describe('importing or seeding corrupted copies', () => {
  let graph: GraphClient;
  let before: Awaited<ReturnType<typeof fingerprint>>;

  beforeAll(async () => {
    graph = await seededTestGraph();
    await importDataSet(graph, 'fjelstul', path.join(FIXTURES, 'fjelstul'));
    await importDataSet(graph, 'openfootball', path.join(FIXTURES, 'openfootball'), { years: [2022, 2026] });
    before = await fingerprint(graph);
  }, 300_000);
  afterAll(() => graph.close());

  it.each(CASES)('rejects $name with file, line and reason, and writes nothing', async ({ dataSet, edits, error }) => {
    const dir = corruptCopy(path.join(FIXTURES, dataSet), edits);
    const failure = await importDataSet(graph, dataSet, dir, { years: [2022, 2026] }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MalformedFileError);
    expect((failure as MalformedFileError).message.startsWith(dir)).toBe(true);
    expect((failure as MalformedFileError).message).toMatch(error);
    expect(await fingerprint(graph)).toEqual(before);
  });

  it("rejects the issue's own copy: France v Mexico 1930's first goal twice in the real goals.csv", async () => {
    const real = path.join(REAL_DATA_DIR, 'fjelstul-worldcup');
    const firstGoal = readFileSync(path.join(real, 'goals.csv'), 'utf8').split('\n')[1]!;
    expect(firstGoal).toContain('M-1930-01,France vs Mexico');
    const dir = corruptCopy(real, { 'goals.csv': append(firstGoal) });
    const failure = await importDataSet(graph, 'fjelstul', dir).catch((e: unknown) => e);
    expect((failure as MalformedFileError).message).toMatch(/goals\.csv:\d+: duplicate goal_id "G-0001", already on line 2$/);
    const renumbered = corruptCopy(real, { 'goals.csv': append(firstGoal.replace('1,G-0001,', '1,G-9999,')) });
    const again = await importDataSet(graph, 'fjelstul', renumbered).catch((e: unknown) => e);
    expect((again as MalformedFileError).message).toMatch(/goals\.csv:\d+: duplicate goal \(match \/ team \/ player \/ period \/ minute \/ stoppage\) "M-1930-01 \/ T-30 \/ P-05470 \/ first-half \/ 19 \/ 0", already on line 2$/);
    expect(await fingerprint(graph)).toEqual(before);
  }, 120_000);

  it('npm run import: a missing CSV is one line naming the file, no stack trace, exit code 3', async () => {
    const dir = corruptCopy(path.join(FIXTURES, 'fjelstul'), { 'goals.csv': remove });
    const neo4j = inject('neo4j');
    const failure = await promisify(execFile)(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['src/ingest/import-cli.ts', 'fjelstul', dir], {
      cwd: ROOT,
      env: { ...process.env, NEO4J_URI: neo4j.uri, NEO4J_USER: neo4j.user, NEO4J_PASSWORD: neo4j.password },
    }).catch((e: unknown) => e as { code: number; stdout: string; stderr: string });
    expect(failure).toMatchObject({ code: 3, stdout: '' });
    const { stderr } = failure as { stderr: string };
    const rejection = `Rejected, nothing of this import was written: ${path.join(dir, 'goals.csv')}: missing: no such file`;
    expect(stderr.trimEnd().split('\n').at(-1)).toBe(rejection);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(await fingerprint(graph)).toEqual(before);
  }, 120_000);

  it('npm run import: a missing folder is refused before connecting, exit code 2', async () => {
    const missing = path.join(os.tmpdir(), 'no-such-data-set');
    const failure = await promisify(execFile)(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['src/ingest/import-cli.ts', 'fjelstul', missing], {
      cwd: ROOT,
      env: { ...process.env, NEO4J_URI: 'bolt://127.0.0.1:9', NEO4J_PASSWORD: 'unused' },
    }).catch((e: unknown) => e as { code: number; stderr: string });
    expect(failure).toMatchObject({ code: 2, stderr: expect.stringMatching(new RegExp(`^no such folder: ${missing}\n`)) });
  }, 60_000);

  it.each([
    { name: 'an empty seed file', file: '65-empty.yaml', edit: (() => '') as Edit, line: 1, reason: 'the file is empty' },
    { name: 'a seed file declaring nothing', file: '65-empty.yaml', edit: (() => 'teams: []\n') as Edit, line: 1, reason: expect.stringMatching(/^declares nothing/) },
    { name: 'invalid UTF-8 in a seed file', file: '30-people.yaml', edit: breakUtf8('á'), line: expect.any(Number), reason: expect.stringMatching(/^not valid UTF-8/) },
    { name: 'U+FFFD in a seed file', file: '30-people.yaml', edit: replace('á', '\uFFFD'), line: expect.any(Number), reason: expect.stringMatching(/^holds U\+FFFD/) },
    { name: 'a goal at minute 200', file: '60-semi-final-2026.yaml', edit: replace('minute: "90+2"', 'minute: 200'), line: expect.any(Number), reason: expect.stringMatching(/^expected a match minute .*1 to 120/) },
    { name: 'a seed date 2026-02-30', file: '60-semi-final-2026.yaml', edit: replace('date: 2026-07-15', 'date: 2026-02-30'), line: expect.any(Number), reason: 'must be a real date YYYY-MM-DD' },
  ])('rejects $name with file, line and reason, and seeds nothing', async ({ file, edit, line, reason }) => {
    const dir = corruptCopy(SEEDS, { [file]: edit });
    const target = path.join(dir, file);
    const failure = await seedDatabase(graph, dir).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SeedError);
    expect((failure as SeedError).issues).toEqual([expect.objectContaining({ file: target, line, reason })]);
    expect(await fingerprint(graph)).toEqual(before);
  });

  it('refuses a seed folder that does not exist', async () => {
    const missing = path.join(os.tmpdir(), 'no-such-seeds');
    const failure = await seedDatabase(graph, missing).catch((e: unknown) => e);
    expect((failure as SeedError).issues).toEqual([{ file: missing, path: '', reason: 'no such folder' }]);
    expect(await fingerprint(graph)).toEqual(before);
  });
});
