/** The assist panel's words, apart from the DOM so that they can be tested without a browser. */
import type { AssistCoverage, AssistGoal, AssistLink, SourceRef } from './explorer-queries';
import { describeMinute, matchYear } from './match-wording';

function goalCount(count: number): string {
  return `${count} goal${count === 1 ? '' : 's'}`;
}

/** One World Cup's line, worded so that a tournament without data never reads as one without assists. */
export function describeCoverage(coverage: AssistCoverage): string {
  const { tournamentYear: year, goals, goalsWithAssistData: known } = coverage;
  if (goals === 0) return `${year}: no goals in scope`;
  if (known === 0) return `${year}: no assist data (${goalCount(goals)} not covered)`;
  const sources = coverage.sources.map((source) => source.title).join(', ');
  return `${year}: assist data for ${known} of ${goalCount(goals)}${sources ? ` (${sources})` : ''}`;
}

/** Tournaments with assist data first (newest first), then those without, so the useful part leads. */
export function byCoverage(a: AssistCoverage, b: AssistCoverage): number {
  return Number(b.goalsWithAssistData > 0) - Number(a.goalsWithAssistData > 0) || b.tournamentYear - a.tournamentYear;
}

/** `every World Cup`, `the 2026 World Cup`, `the 2014, 2018 and 2026 World Cups`. */
export function describeYears(years: number[]): string {
  if (!years.length) return 'every World Cup';
  if (years.length === 1) return `the ${years[0]} World Cup`;
  return `the ${years.slice(0, -1).join(', ')} and ${years[years.length - 1]} World Cups`;
}

/** A goal of a pair as a reader finds it in the records: tournament, match and minute. */
export function describeAssistGoal(goal: AssistGoal): string {
  const { match } = goal;
  return `${matchYear(match)} ${match.homeTeam.name} v ${match.awayTeam.name}, ${describeMinute(goal)}`;
}

export function describeAssistLink(link: AssistLink): string {
  return `${link.assister.name} → ${link.scorer.name}: ${link.count} assist${link.count === 1 ? '' : 's'}`;
}

/** The sources of a pair's goals, each once, in the order first met. */
export function linkSources(link: AssistLink): SourceRef[] {
  return [...new Map(link.goals.flatMap((goal) => goal.sources).map((source) => [source.id, source])).values()];
}
