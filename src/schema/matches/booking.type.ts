import { Field, Int, ObjectType } from 'type-graphql';
import type { BookingRow } from '../../graph/read/loaders/rows';
import { Entity } from '../entity.type';
import { Card, Period } from '../vocabulary.type';

@ObjectType({ implements: Entity, description: 'A card shown to a player; player, team and match are batched field resolvers.' })
export class Booking extends Entity implements BookingRow {
  matchId!: string;
  teamId!: string;
  playerId!: string;
  tournamentYear!: number;

  @Field(() => Int, { description: 'Order of the card among the match\'s cards, from 1.' })
  sequence!: number;

  @Field(() => Int, { description: 'Regulation minute: a card at 45+7 has minute 45 and addedTime 7.' })
  minute!: number;

  @Field(() => Int, { nullable: true, description: 'Minutes of added (stoppage) time, if shown in it.' })
  addedTime?: number | null;

  @Field(() => Period, { nullable: true })
  period?: string | null;

  @Field(() => Card)
  card!: string;
}
