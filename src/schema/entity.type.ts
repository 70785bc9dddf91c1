import { Field, ID, InterfaceType } from 'type-graphql';
import { ROW_LABELS } from '../graph/model';

/** Object types whose name is not their label's: a person who neither played nor coached (an announcer quoted in a report), an entry. */
const TYPE_NAMED_OTHERWISE: Readonly<Record<string, string>> = { Person: 'PublicFigure', Entry: 'TournamentEntry' };

/**
 * Object type names by label, in the model's order of precedence (model.ts, `ROW_LABELS`): a
 * person who played and coached is a Player.
 */
const TYPE_BY_LABEL: ReadonlyArray<readonly [label: string, type: string]> = ROW_LABELS.map((label) => [label, TYPE_NAMED_OTHERWISE[label] ?? label]);

/** The object types `typeNameOf` can name. */
export const LABEL_TYPED: ReadonlySet<string> = new Set(TYPE_BY_LABEL.map(([, type]) => type));

/** The GraphQL object type of a node row, from its Neo4j labels. */
export function typeNameOf(row: { labels?: string[] }): string | undefined {
  return TYPE_BY_LABEL.find(([label]) => row.labels?.includes(label))?.[1];
}

@InterfaceType({
  description: 'Relay\'s object identification: anything `node(id:)` can fetch again by its id.',
  resolveType: typeNameOf,
})
export abstract class Node {
  @Field(() => ID, { description: 'Stable, readable and unique across types, e.g. `lionel-messi`, `argentina-men`, `wc-2026-men`.' })
  id!: string;
}

@InterfaceType({
  description: 'Anything in the graph with a stable id: usable in `node`, `path`, claims and provenance.',
  resolveType: typeNameOf,
  implements: Node,
})
export abstract class Entity extends Node {}
