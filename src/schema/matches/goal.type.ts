import { Field, Int, ObjectType } from 'type-graphql';
import type { GoalRow } from '../../graph/read/loaders/rows';
import { Entity } from '../entity.type';
import { Period } from '../vocabulary.type';

@ObjectType({ implements: Entity, description: 'A goal; scorer, assister, team and match are batched field resolvers.' })
export class Goal extends Entity implements GoalRow {
  matchId!: string;
  teamId!: string;
  scorerId!: string;
  assistId?: string | null;
  tournamentYear!: number;

  @Field(() => Int, { description: 'Order of the goal in the match, from 1.' })
  sequence!: number;

  @Field(() => Int, { description: 'Regulation minute: a goal at 90+2 has minute 90 and addedTime 2.' })
  minute!: number;

  @Field(() => Int, { nullable: true, description: 'Minutes of added (stoppage) time, if scored in it.' })
  addedTime?: number | null;

  @Field(() => Period, { nullable: true })
  period?: string | null;

  @Field({ description: 'Scored from a penalty kick during play (not a shoot-out).' })
  penalty!: boolean;

  @Field({ description: 'An own goal: `team` is the side it counts for, `scorer` played for the other.' })
  ownGoal!: boolean;

  @Field(() => String, { nullable: true, description: 'How it was scored, where stated: `header`, `long-range`, ...' })
  method?: string | null;
}
