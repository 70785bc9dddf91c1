import { Field, ObjectType } from 'type-graphql';
import type { ModelRow } from '../../graph/model/model';
import { Entity } from '../entity.type';

@ObjectType({ implements: Entity, description: 'A match official who refereed at a World Cup.' })
export class Referee extends Entity implements ModelRow<'Referee'> {
  @Field({ description: 'Full name, e.g. `Szymon Marciniak`.' })
  name!: string;

  @Field(() => [String], { description: 'Every spelling seen.' })
  aliases!: string[];

  @Field(() => String, { nullable: true, description: 'The country the referee represents, e.g. `Poland`.' })
  country?: string | null;

  @Field(() => String, { nullable: true, description: 'That country\'s confederation, e.g. `UEFA`.' })
  confederation?: string | null;
}
