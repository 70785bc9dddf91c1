import { Field, Int, ObjectType } from 'type-graphql';
import type { VenueRow } from '../../graph/read/loaders/rows';
import { Entity } from '../entity.type';

@ObjectType({ implements: Entity, description: 'A stadium.' })
export class Venue extends Entity implements VenueRow {
  /** Resolves `city`. */
  cityId?: string | null;

  @Field({ description: 'Name at the time of the latest match in the graph, e.g. `Mercedes-Benz Stadium`.' })
  name!: string;

  @Field(() => Int, { nullable: true })
  capacity?: number | null;

  @Field(() => [String], { description: 'Every name seen, e.g. sponsor-free tournament names.' })
  aliases!: string[];
}
