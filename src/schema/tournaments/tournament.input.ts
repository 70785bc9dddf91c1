import { Field, InputType } from 'type-graphql';
import { Gender } from '../gender.type';

@InputType({ description: 'Which World Cups to list.' })
export class TournamentFilter {
  @Field(() => Gender, { nullable: true, description: "Men's or women's World Cups; both when omitted." })
  gender?: Gender | null;
}
