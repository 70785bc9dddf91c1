import { Field, Int, ObjectType } from 'type-graphql';
import type { AppearanceRow } from '../../graph/read/loaders/rows';

@ObjectType({ description: "A player's part in a match: starter or substitute, and when on and off." })
export class Appearance implements AppearanceRow {
  matchId!: string;
  playerId!: string;
  teamId!: string;
  sourceIds!: string[];

  @Field({ description: 'In the starting line-up (the same as `started`).' })
  starter!: boolean;

  @Field({ description: 'In the starting line-up.' })
  started!: boolean;

  @Field(() => Int, { nullable: true, description: 'Shirt number worn in this match.' })
  shirtNumber?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Minutes played: from kick-off or the minute on to the minute off or sent off, else to the end (90, or 120 with extra time); null when the minute on is unknown.',
  })
  minutes?: number | null;

  @Field(() => Int, { nullable: true, description: 'Minute the player came on (0 for starters).' })
  minuteOn?: number | null;

  @Field(() => Int, { nullable: true, description: 'Minute the player went off; null when on to the end.' })
  minuteOff?: number | null;

  @Field(() => String, { nullable: true, description: 'Position: a line (`GK`, `DF`, `MF`, `FW`) or, where the line-up gives it, a role such as `CB`, `LW`, `DM`.' })
  position?: string | null;
}
