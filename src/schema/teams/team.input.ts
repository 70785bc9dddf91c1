import { Field, InputType } from 'type-graphql';
import { Gender } from '../gender.type';

@InputType({ description: 'Which teams to list; every condition given must hold.' })
export class TeamFilter {
  @Field(() => Gender, { nullable: true, description: "Men's or women's teams; both when omitted." })
  gender?: Gender | null;

  @Field(() => String, { nullable: true, description: 'Part of the name or of an alias, accents and case ignored.' })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Confederation, case ignored, e.g. `UEFA`.' })
  confederation?: string | null;
}
