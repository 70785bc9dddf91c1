import { Field, Int, ObjectType } from 'type-graphql';
import type { AppearanceRow } from '../graph/loaders/rows';
import { Position } from './vocabulary.type';

@ObjectType({ description: "A player's part in a match: starter or substitute, and when on and off." })
export class Appearance implements AppearanceRow {
  matchId!: string;
  playerId!: string;
  teamId!: string;
  sourceIds!: string[];

  @Field({ description: 'In the starting line-up.' })
  starter!: boolean;

  @Field(() => Int, { nullable: true, description: 'Minute the player came on (0 for starters).' })
  minuteOn?: number | null;

  @Field(() => Int, { nullable: true, description: 'Minute the player went off; null when on to the end.' })
  minuteOff?: number | null;

  @Field(() => Position, { nullable: true })
  position?: string | null;
}
