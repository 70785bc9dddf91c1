/** One problem in one seed file, located as precisely as the parser allows. */
export interface SeedIssue {
  file: string;
  /** Path inside the file, e.g. `matches[2].goals[0].minute`; empty for the file as a whole. */
  path: string;
  /** 1-based line of the offending value, when the YAML parser knows it. */
  line?: number;
  reason: string;
}

export function formatSeedIssue(issue: SeedIssue): string {
  const where = issue.path ? `${issue.path}: ` : '';
  const line = issue.line === undefined ? '' : ` (line ${issue.line})`;
  return `${issue.file}: ${where}${issue.reason}${line}`;
}

/** Every problem of every seed file at once, so one run shows all there is to fix. */
export class SeedError extends Error {
  override name = 'SeedError';

  constructor(readonly issues: SeedIssue[]) {
    super(`${issues.length} problem(s) in the seed files, nothing was written:\n${issues.map(formatSeedIssue).join('\n')}`);
  }
}
