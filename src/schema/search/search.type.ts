import { Field, Float, ID, ObjectType } from 'type-graphql';
import type { SearchHitRow } from '../../graph/read/analytics/search.query';

@ObjectType({ description: 'One search result; `entity` has the whole object.' })
export class SearchHit implements SearchHitRow {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'GraphQL type of `entity`: `Player`, `Coach`, `Team`, `Venue`, `City`, `Tournament` or `Match`.' })
  type!: string;

  @Field(() => [String], { description: 'Neo4j labels.' })
  labels!: string[];

  @Field({ description: 'The name matched; for a match, "Home v Away, date".' })
  name!: string;

  @Field(() => Float, { description: 'Relevance; higher is better, comparable within one search only.' })
  score!: number;
}
