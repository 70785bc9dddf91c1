import { Field, InputType, Int, registerEnumType } from 'type-graphql';
import { StageSlug } from '../vocabulary.type';

@InputType({ description: 'Which matches of a team to count; every condition given must hold.' })
export class TeamRecordFilter {
  @Field(() => [Int], { nullable: true, description: 'Only these World Cups.' })
  tournamentYears?: number[] | null;

  @Field(() => [StageSlug], { nullable: true, description: 'Only matches of these stages.' })
  stages?: string[] | null;
}

export enum OpponentSort {
  PLAYED = 'PLAYED',
  WON = 'WON',
  LOST = 'LOST',
  GOAL_DIFFERENCE = 'GOAL_DIFFERENCE',
  FIRST_MET = 'FIRST_MET',
}

registerEnumType(OpponentSort, {
  name: 'OpponentSort',
  description: 'Order of `Team.opponents`, largest first (FIRST_MET: earliest first); ties by meetings, then opponent id.',
});
