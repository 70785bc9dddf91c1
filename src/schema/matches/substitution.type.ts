import { Field, Int, ObjectType } from 'type-graphql';
import type { SubstitutionRow } from '../../graph/read/loaders/rows';
import { Entity } from '../entity.type';
import { Period } from '../vocabulary.type';

@ObjectType({ implements: Entity, description: 'One player replacing another.' })
export class Substitution extends Entity implements SubstitutionRow {
  matchId!: string;
  teamId!: string;
  playerOnId!: string;
  playerOffId?: string | null;

  @Field(() => Int, { description: 'Regulation minute (90+3 is 90, with addedTime 3).' })
  minute!: number;

  @Field(() => Int, { nullable: true })
  addedTime?: number | null;

  @Field(() => Period, { nullable: true })
  period?: string | null;
}
