import { Field, Int, ObjectType } from 'type-graphql';
import type { AssistLinkRow } from '../../graph/read/analytics/assists.query';

@ObjectType({ description: 'One player setting up another: how often, and the goals.' })
export class AssistLink implements AssistLinkRow {
  /** Resolve `assister`, `scorer` and `goals`. */
  assisterId!: string;
  scorerId!: string;
  goalIds!: string[];

  @Field(() => Int, { description: 'Goals the assister set up for the scorer.' })
  count!: number;
}
