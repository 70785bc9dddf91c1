import { Field, ID, InputType, Int } from 'type-graphql';
import { Gender } from '../gender.type';

@InputType({ description: 'Which assists to count; every condition given must hold.' })
export class AssistFilter {
  @Field(() => [Int], { nullable: true, description: 'Only goals at these World Cups.' })
  tournamentYears?: number[] | null;

  @Field(() => Gender, { nullable: true, description: "Only the men's or the women's World Cups; also picks the team a name means." })
  gender?: Gender | null;

  @Field(() => String, { nullable: true, description: 'Only goals for this team, by id or name.' })
  team?: string | null;

  @Field(() => String, { nullable: true, description: 'Only this assister, by id or name.' })
  assister?: string | null;

  @Field(() => String, { nullable: true, description: 'Only this scorer, by id or name.' })
  scorer?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only goals in this match.' })
  match?: string | null;
}
