import { Field, ObjectType } from 'type-graphql';
import type { ModelRow } from '../../graph/model/model';
import { Entity } from '../entity.type';

@ObjectType({ implements: Entity, description: 'A continental confederation of FIFA, which national teams belong to.' })
export class Confederation extends Entity implements ModelRow<'Confederation'> {
  @Field({ description: 'Full name, e.g. `Union of European Football Associations`.' })
  name!: string;

  @Field({ description: 'Its code, e.g. `UEFA`: what `Team.confederation` gives.' })
  code!: string;
}
