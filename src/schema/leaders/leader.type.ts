import { Field, Int, ObjectType } from 'type-graphql';
import type { LeaderRow } from '../../graph/read/analytics/leaders.query';

@ObjectType({ description: "A player's place on a leaderboard, for one team." })
export class Leader implements LeaderRow {
  playerId!: string;
  teamId!: string;

  @Field(() => Int, { description: 'Equal values share a rank; the next rank skips the tied places (1, 2, 2, 4).' })
  rank!: number;

  @Field(() => Int)
  value!: number;
}
