import { LocalDateResolver } from 'graphql-scalars';
import { Field, InterfaceType } from 'type-graphql';
import { Entity } from '../entity.type';
import { typeNameOf } from '../label-types';

@InterfaceType({
  implements: Entity,
  description: 'A player or a coach (a quote speaker, a claim subject).',
  resolveType: typeNameOf,
})
export abstract class Person extends Entity {
  @Field({ description: 'The preferred spelling of the full name.' })
  name!: string;

  @Field(() => [String], { description: 'Every spelling seen in the sources, the preferred one included.' })
  aliases!: string[];

  @Field(() => LocalDateResolver, { nullable: true, description: 'Date of birth, when known.' })
  birthDate?: string | null;

  /** Neo4j labels (`Player`, `Coach`): picks the object type of an interface field. */
  labels!: string[];
}
