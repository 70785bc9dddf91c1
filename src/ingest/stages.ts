import type { StageRecord } from '../graph/bundle';
import { STAGE_SLUGS, stageId, type StageSlug } from '../graph/identity';

const STAGE_NAMES: Record<StageSlug, string> = {
  'group-stage': 'Group stage',
  'second-group-stage': 'Second group stage',
  'final-round': 'Final round',
  'round-of-32': 'Round of 32',
  'round-of-16': 'Round of 16',
  'quarter-final': 'Quarter-finals',
  'semi-final': 'Semi-finals',
  'third-place': 'Third-place match',
  final: 'Final',
};

/**
 * One Stage per stage a tournament's matches were played in, numbered in playing order. Both
 * importers number the same way, so a tournament described by two sources gets the same stages.
 */
export function stageRecords(tournamentId: string, slugs: Iterable<StageSlug>, sources: string[]): StageRecord[] {
  const present = [...new Set(slugs)].sort((a, b) => STAGE_SLUGS.indexOf(a) - STAGE_SLUGS.indexOf(b));
  return present.map((slug, index) => ({
    id: stageId(tournamentId, slug),
    tournamentId,
    slug,
    name: STAGE_NAMES[slug],
    order: index + 1,
    sources,
  }));
}
