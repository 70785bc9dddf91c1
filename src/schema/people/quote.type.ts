import { Field, ObjectType } from 'type-graphql';
import type { QuoteRow } from '../../graph/read/loaders/rows';
import { Entity } from '../entity.type';

@ObjectType({ implements: Entity, description: 'Something a player or coach said about a match.' })
export class Quote extends Entity implements QuoteRow {
  speakerId!: string;
  matchId?: string | null;

  @Field({ description: 'The words as reported.' })
  text!: string;
}
