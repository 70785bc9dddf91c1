import { Field, ObjectType } from 'type-graphql';
import type { TeamRow } from '../graph/loaders/rows';
import { Entity } from './entity.type';
import { Gender } from './gender.type';

@ObjectType({ implements: Entity, description: "A national team; the men's and women's sides are separate teams." })
export class Team extends Entity implements TeamRow {
  @Field({ description: 'Country name, e.g. `Argentina`.' })
  name!: string;

  @Field(() => Gender)
  gender!: Gender;

  @Field(() => String, { nullable: true, description: 'FIFA three-letter code, e.g. `ARG`.' })
  code?: string | null;

  @Field(() => String, { nullable: true, description: 'Confederation, e.g. `CONMEBOL`.' })
  confederation?: string | null;

  @Field(() => [String], { description: 'Every name seen in the sources (e.g. `West Germany` for Germany).' })
  aliases!: string[];
}
