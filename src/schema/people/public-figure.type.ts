import { ObjectType } from 'type-graphql';
import type { PersonRow } from '../../graph/read/loaders/rows';
import { Entity } from '../entity.type';
import { Person } from './person.type';

@ObjectType({
  implements: [Entity, Person],
  description: 'Someone in the graph who neither played nor coached, e.g. an announcer quoted in a report.',
})
export class PublicFigure extends Person implements PersonRow {}
