import { Field, ObjectType } from 'type-graphql';
import type { CityRow } from '../../graph/read/loaders/rows';
import { Entity } from '../entity.type';

@ObjectType({ implements: Entity, description: 'A city with a World Cup venue.' })
export class City extends Entity implements CityRow {
  @Field()
  name!: string;

  @Field({ description: 'Country the city is in.' })
  country!: string;

  @Field(() => [String])
  aliases!: string[];
}
