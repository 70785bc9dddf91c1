import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../src/ingest/reading/csv';

export type CsvRecord = Record<string, string>;

/** The rows of one file of an international results copy, by column name, as the file spells them. */
export function rowsOf(dir: string, file: string): CsvRecord[] {
  const [header, ...records] = parseCsv(readFileSync(path.join(dir, file), 'utf8'), file);
  return records.map((r) => Object.fromEntries(header!.fields.map((column, i) => [column, r.fields[i]!])));
}

/** Played, W-D-L and goals of `team` over the results rows that name it, straight from the file (a level score is a draw). */
export function tallyOf(team: string, rows: readonly CsvRecord[]) {
  const total = { played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0 };
  for (const row of rows.filter((r) => r.home_team === team || r.away_team === team)) {
    const [own, other] = row.home_team === team ? [+row.home_score!, +row.away_score!] : [+row.away_score!, +row.home_score!];
    total.played += 1;
    total[own > other ? 'won' : own < other ? 'lost' : 'drawn'] += 1;
    total.goalsFor += own;
    total.goalsAgainst += other;
  }
  return total;
}
