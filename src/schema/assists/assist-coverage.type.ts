import { Field, Int, ObjectType } from 'type-graphql';
import type { AssistCoverageRow } from '../../graph/read/analytics/assists.query';
import { Gender } from '../gender.type';

@ObjectType({
  description:
    'How far assists are known at one World Cup: of its goals (own goals left out), how many have assist data, an ' +
    'assister or a source that records assists. Where `goalsWithAssistData` is 0 the graph does not know the ' +
    'assists: read that as "no data", never as "no assists".',
})
export class AssistCoverage implements AssistCoverageRow {
  /** Resolve `tournament` and `sources`. */
  tournamentId!: string;
  sourceIds!: string[];

  @Field(() => Int)
  tournamentYear!: number;

  @Field(() => Gender)
  gender!: Gender;

  @Field(() => Int, { description: 'Goals in scope, own goals left out (they credit no assist).' })
  goals!: number;

  @Field(() => Int, { description: 'Goals with an assister, or from a source that records assists (so none means no assist).' })
  goalsWithAssistData!: number;
}
