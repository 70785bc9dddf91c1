import { SOURCE_PRECEDENCE, type FieldPolicy } from '../model/model';

/** One value of a field and the sources stating it. */
export interface Version {
  value: string;
  sources: string[];
}

/**
 * What the ranking knows of a source: its kind, and for a report the precedence its Source
 * declares (`precedence` in seeds/00-sources.yaml; lower first), which settles a tie between reports.
 */
export interface SourceStanding {
  kind: string | null;
  precedence?: number | null;
}

export type SourceStandings = ReadonlyMap<string, SourceStanding>;

/** Reports without a declared precedence come after those with one (the seed schema caps it below). */
export const UNDECLARED_PRECEDENCE = 100;

/**
 * A source's place in the fixed order: data sets of `SOURCE_PRECEDENCE` first, in that order,
 * then other structured data sets, then prose (reports) by declared precedence. Lower wins.
 */
export function sourceRank(id: string, kinds: SourceStandings): number {
  const listed = SOURCE_PRECEDENCE.indexOf(id);
  if (listed >= 0) return listed;
  const standing = kinds.get(id);
  if (standing?.kind === 'dataset') return SOURCE_PRECEDENCE.length;
  return SOURCE_PRECEDENCE.length + 1 + (standing?.precedence ?? UNDECLARED_PRECEDENCE);
}

/** Orders two sources as `[rank, id]` best first: by rank, then by id, so that no two sources tie. */
export const compareRankedSources = (a: readonly [number, string], b: readonly [number, string]): number =>
  a[0] - b[0] || a[1].localeCompare(b[1]);

/** The best-ranked of some sources, as `[rank, id]` (`compareRankedSources`). */
export function bestSourceOf(sources: readonly string[], kinds: SourceStandings): [number, string] {
  return sources.map((id): [number, string] => [sourceRank(id, kinds), id]).sort(compareRankedSources)[0] ?? [Number.MAX_SAFE_INTEGER, ''];
}

const bestSource = (version: Version, kinds: SourceStandings) => bestSourceOf(version.sources, kinds);

/**
 * Versions best first. `dispute`: more sources first, then the better-ranked source, then the
 * source id; `first`: the better-ranked source alone. Nothing depends on the order the sources were
 * loaded in, so every load order ends with the same preferred value.
 */
export function rankVersions(versions: readonly Version[], kinds: SourceStandings, policy: Exclude<FieldPolicy, 'union'>): Version[] {
  const bySource = (a: Version, b: Version) => compareRankedSources(bestSource(a, kinds), bestSource(b, kinds));
  return [...versions].sort((a, b) => (policy === 'dispute' ? b.sources.length - a.sources.length : 0) || bySource(a, b));
}

/** Why `preferred` won over `runnerUp`, in the words an Assertion's `reason` keeps. */
/** Whether `reason` is one `preferenceReason` (or the reconciler's identity rule) wrote, not a reviewer. */
export function isComputedReason(reason: string | null): boolean {
  return reason !== null && /^(not )?preferred: /.test(reason);
}

export function preferenceReason(preferred: Version, runnerUp: Version, kinds: SourceStandings): string {
  if (preferred.sources.length > runnerUp.sources.length) {
    return `preferred: stated by ${preferred.sources.length} sources against ${runnerUp.sources.length}`;
  }
  const [rank, id] = bestSource(preferred, kinds);
  if (rank === 0) return `preferred: a structured data set (${id}: regulation minute and stoppage time kept apart)`;
  if (rank < SOURCE_PRECEDENCE.length + 1) return `preferred: a structured data set over prose (${id})`;
  const precedence = kinds.get(id)?.precedence;
  if (precedence !== null && precedence !== undefined) return `preferred: the report first by declared precedence (${id})`;
  return `preferred: the report first in the fixed source order (${id})`;
}

/** Sources stating the same value are one version; each version's sources sorted. */
export function groupVersions(statements: ReadonlyArray<{ value: string; sources: readonly string[] }>): Version[] {
  const byValue = new Map<string, Set<string>>();
  for (const { value, sources } of statements) {
    const set = byValue.get(value) ?? new Set<string>();
    sources.forEach((id) => set.add(id));
    byValue.set(value, set);
  }
  return [...byValue].map(([value, sources]) => ({ value, sources: [...sources].sort() })).sort((a, b) => a.value.localeCompare(b.value));
}
