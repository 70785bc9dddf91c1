import type { StageRecord } from '../graph/model/bundle';
import { STAGE_SLUGS, stageId, type StageSlug } from '../graph/model/identity';

// Names of one match's stage ("2026 Semi-final"), shared by the seeds and both importers: a Stage
// written by two sources must not flip between spellings or numbers with every re-run.
const STAGE_NAMES: Record<StageSlug, string> = {
  'group-stage': 'Group stage',
  'second-group-stage': 'Second group stage',
  'final-round': 'Final round',
  'round-of-32': 'Round of 32',
  'round-of-16': 'Round of 16',
  'quarter-final': 'Quarter-final',
  'semi-final': 'Semi-final',
  'third-place': 'Third-place match',
  final: 'Final',
};

/**
 * The Stage of a tournament, numbered by its place in the canonical order (`STAGE_SLUGS`) rather
 * than among the stages one source happens to know, so every source numbers it the same.
 */
export function stageRecord(tournamentId: string, slug: StageSlug, sources: string[]): StageRecord {
  return { id: stageId(tournamentId, slug), tournamentId, slug, name: STAGE_NAMES[slug], order: STAGE_SLUGS.indexOf(slug) + 1, sources };
}

/** One Stage per stage a tournament's matches were played in. */
export function stageRecords(tournamentId: string, slugs: Iterable<StageSlug>, sources: string[]): StageRecord[] {
  return [...new Set(slugs)].map((slug) => stageRecord(tournamentId, slug, sources)).sort((a, b) => a.order - b.order);
}
