import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { HeadToHeadRecord } from '../../graph/read/analytics/head-to-head.query';
import { Team } from './team.type';

export enum Outcome {
  WON = 'won',
  DRAWN = 'drawn',
  LOST = 'lost',
}

registerEnumType(Outcome, { name: 'Outcome', description: 'A match from one side; a shoot-out is a draw, as in FIFA\'s records.' });

@ObjectType({
  description:
    'The record between two teams, from team A\'s side: at World Cups, or in every competition (`scope`). A match decided on penalties counts as a draw, ' +
    'as in FIFA\'s records; the shoot-out and who advanced are still on each match in `meetings`.',
})
export class HeadToHead implements Omit<HeadToHeadRecord, 'meetingIds'> {
  /** Resolves `meetings`, in date order. */
  meetingIds!: string[];
  /** Resolve `countedA` and `countedB`. */
  countedA!: string[];
  countedB!: string[];

  @Field(() => Team)
  teamA!: Team;

  @Field(() => [Outcome], {
    nullable: 'items',
    description: "Team A's outcome of each meeting, in the order of `meetings`; null where it is not counted (no score recorded, even if a source names the winner).",
  })
  outcomesA!: Array<Outcome | null>;

  @Field(() => Team)
  teamB!: Team;

  @Field(() => Int, { description: 'Meetings with a result (a scheduled fixture is in `meetings` but not counted).' })
  played!: number;

  @Field(() => Int)
  winsA!: number;

  @Field(() => Int)
  winsB!: number;

  @Field(() => Int, { description: 'Level after extra time, shoot-outs included.' })
  draws!: number;

  @Field(() => Int, { description: 'Goals of team A, extra time included, shoot-outs never.' })
  goalsA!: number;

  @Field(() => Int, { description: 'Goals of team B, extra time included, shoot-outs never.' })
  goalsB!: number;
}
