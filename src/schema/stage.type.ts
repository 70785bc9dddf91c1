import { Field, Int, ObjectType } from 'type-graphql';
import type { StageRow } from '../graph/loaders/rows';
import { Entity } from './entity.type';

@ObjectType({ implements: Entity, description: 'A stage of one World Cup: group stage, round of 16, ..., final.' })
export class Stage extends Entity implements StageRow {
  @Field({ description: '`group-stage`, `second-group-stage`, `final-round`, `round-of-32`, `round-of-16`, `quarter-final`, `semi-final`, `third-place` or `final`.' })
  slug!: string;

  @Field({ description: 'As the sources name it, e.g. `Round of 16`.' })
  name!: string;

  @Field(() => Int, { description: 'Position in the tournament, 1 for the first stage.' })
  order!: number;
}
