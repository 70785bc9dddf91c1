import { ROW_LABELS } from '../graph/model/model';

/** Object types whose name is not their label's: a person who neither played nor coached (an announcer quoted in a report), an entry. */
const TYPE_NAMED_OTHERWISE: Readonly<Record<string, string>> = { Person: 'PublicFigure', Entry: 'TournamentEntry' };

/**
 * Object type names by label, in the model's order of precedence (model.ts, `ROW_LABELS`): a
 * person who played and coached is a Player.
 */
const TYPE_BY_LABEL: ReadonlyArray<readonly [label: string, type: string]> = ROW_LABELS.map((label) => [label, TYPE_NAMED_OTHERWISE[label] ?? label]);

/** The object types `typeNameOf` can name. */
export const LABEL_TYPED: ReadonlySet<string> = new Set(TYPE_BY_LABEL.map(([, type]) => type));

/** The object type of nodes of `label` (not of nodes with more specific labels too). */
export const typeNameOfLabel = (label: string): string | undefined => TYPE_BY_LABEL.find(([known]) => known === label)?.[1];

/** The GraphQL object type of a node row, from its Neo4j labels. */
export function typeNameOf(row: { labels?: string[] }): string | undefined {
  return TYPE_BY_LABEL.find(([label]) => row.labels?.includes(label))?.[1];
}
