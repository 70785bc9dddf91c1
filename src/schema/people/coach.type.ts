import { Field, ObjectType } from 'type-graphql';
import type { PersonRow } from '../../graph/read/loaders/rows';
import { Entity } from '../entity.type';
import { Person } from './person.type';

@ObjectType({ implements: [Entity, Person], description: 'A head coach (manager) of a national team.' })
export class Coach extends Person implements PersonRow {
  @Field(() => String, { nullable: true, description: 'Nationality, when the sources state it.' })
  nationality?: string | null;
}
