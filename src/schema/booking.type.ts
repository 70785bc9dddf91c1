import { Field, Int, ObjectType } from 'type-graphql';
import type { BookingRow } from '../graph/loaders/rows';
import { Entity } from './entity.type';

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

  @Field(() => String, {
    nullable: true,
    description: '`first-half`, `second-half`, `extra-time-first-half` or `extra-time-second-half`.',
  })
  period?: string | null;

  @Field({ description: '`yellow`, `red` or `second-yellow` (a second yellow, which sends the player off).' })
  card!: string;
}
