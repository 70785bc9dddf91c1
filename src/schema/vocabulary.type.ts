import { registerEnumType } from 'type-graphql';
import { STAGE_SLUGS } from '../graph/model/identity';
import { AWARDS, CARDS, PERIODS, POSITIONS, SOURCE_KINDS } from '../graph/model/vocabulary';

/**
 * The GraphQL enum of a graph vocabulary: each stored value under its name in GraphQL's spelling
 * (`semi-final` is SEMI_FINAL, `Golden Ball` is GOLDEN_BALL). The stored value stays the enum's
 * internal value, so resolvers return and filters receive the graph's own spelling: the graph
 * and the importers are unchanged, and nothing converts values by hand.
 */
export function enumOf<V extends string>(values: readonly V[]): Record<string, V> {
  return Object.fromEntries(values.map((value) => [enumName(value), value]));
}

/** A stored vocabulary value as GraphQL spells it: `semi-final` is SEMI_FINAL. */
export const enumName = (value: string): string => value.toUpperCase().replace(/[^A-Z0-9]+/g, '_');

export const StageSlug = enumOf(STAGE_SLUGS);
export const Period = enumOf(PERIODS);
export const Card = enumOf(CARDS);
export const Position = enumOf(POSITIONS);
export const Award = enumOf(AWARDS);
export const SourceKind = enumOf(SOURCE_KINDS);

registerEnumType(StageSlug, {
  name: 'StageSlug',
  description: 'A stage of a World Cup, in the order they are played; `SECOND_GROUP_STAGE` (1974-1982) and `FINAL_ROUND` (1950) are group stages.',
});
registerEnumType(Period, { name: 'Period', description: 'A period of play; stoppage time belongs to the period it ends.' });
registerEnumType(Card, { name: 'Card', description: '`SECOND_YELLOW`: a second yellow card in the match, which sends the player off.' });
registerEnumType(Position, { name: 'Position', description: 'A line as squad lists give it: goalkeeper, defender, midfielder, forward.' });
registerEnumType(Award, { name: 'Award', description: 'A player award of a World Cup.' });
registerEnumType(SourceKind, { name: 'SourceKind', description: '`REPORT`: a prose match report; `DATASET`: structured data.' });
