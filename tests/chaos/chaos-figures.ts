import { appendFileSync, existsSync, readFileSync } from 'node:fs';

/** One measured figure of a chaos run, with the limit it is held to when there is one. */
export interface ChaosFigure {
  test: 'fuzz' | 'load' | 'faults';
  figure: string;
  value: string;
  limit?: string;
  /** Undefined for figures that are only reported. */
  pass?: boolean;
}

/** Appends figures to the run's file (see tests/chaos/global-setup.ts), which the summary reads. */
export function recordFigures(file: string, figures: ChaosFigure[]): void {
  appendFileSync(file, figures.map((figure) => JSON.stringify(figure)).join('\n') + '\n');
}

/** The summary table printed at the end of `npm run test:chaos`, in Markdown for the README. */
export function formatFigures(figures: ChaosFigure[]): string {
  const rows = figures.map((f) => `| ${f.test} | ${f.figure} | ${f.value} | ${f.limit ?? ''} | ${f.pass === undefined ? '' : f.pass ? 'pass' : 'FAIL'} |`);
  return ['| test | figure | measured | limit | verdict |', '| --- | --- | --- | --- | --- |', ...rows].join('\n');
}

export function readFigures(file: string): ChaosFigure[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ChaosFigure);
}
