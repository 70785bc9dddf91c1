import { Field, Int, ObjectType } from 'type-graphql';
import type { StageRow } from '../../graph/read/loaders/rows';
import { Entity } from '../entity.type';
import { StageSlug } from '../vocabulary.type';

@ObjectType({ implements: Entity, description: 'A stage of one World Cup: group stage, round of 16, ..., final.' })
export class Stage extends Entity implements StageRow {
  @Field(() => StageSlug)
  slug!: string;

  @Field({ description: 'As the sources name it, e.g. `Round of 16`.' })
  name!: string;

  @Field(() => Int, { description: 'Position in the tournament, 1 for the first stage.' })
  order!: number;
}
