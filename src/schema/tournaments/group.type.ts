import { Field, Int, ObjectType } from 'type-graphql';
import type { StandingRow } from '../../graph/read/analytics/match-results';
import { TallyFields } from '../teams/team-record.type';
import { StageSlug } from '../vocabulary.type';

@ObjectType({ description: "A team's line in a group table." })
export class Standing extends TallyFields implements StandingRow {
  teamId!: string;

  @Field(() => Int, { description: 'Place by points, goal difference, goals scored (match-results.ts says which criteria are computed).' })
  position!: number;

  @Field(() => Int, { description: 'Two per win before 1994, three since; one per draw.' })
  points!: number;

  @Field(() => Int)
  goalDifference!: number;
}

@ObjectType({ description: 'A group of a World Cup and its table, computed from the results in the graph.' })
export class Group {
  @Field({ description: 'As the sources name it, e.g. `Group C`.' })
  name!: string;

  @Field(() => StageSlug, { description: '`GROUP_STAGE`, `SECOND_GROUP_STAGE` or `FINAL_ROUND`.' })
  stage!: string;

  @Field(() => [Standing], { description: 'Best first.' })
  standings!: Standing[];
}
