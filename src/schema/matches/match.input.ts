import { Field, InputType, Int } from 'type-graphql';
import { Gender } from '../gender.type';
import { StageSlug } from '../vocabulary.type';

@InputType({ description: 'Which matches to list; every condition given must hold.' })
export class MatchFilter {
  @Field(() => [String], {
    nullable: true,
    description: 'One or two teams, by id or name. With two, only the meetings between them.',
  })
  teams?: string[] | null;

  @Field(() => [Int], { nullable: true, description: 'Only matches at these World Cups.' })
  tournamentYears?: number[] | null;

  @Field(() => String, {
    nullable: true,
    description: 'Only matches of this competition, as `Match.competition` names it (`Copa América`, `Friendly`); World Cup matches when omitted.',
  })
  competition?: string | null;

  @Field(() => StageSlug, { nullable: true })
  stage?: string | null;

  @Field(() => String, { nullable: true, description: 'Earliest date, ISO `YYYY-MM-DD`, inclusive.' })
  from?: string | null;

  @Field(() => String, { nullable: true, description: 'Latest date, ISO `YYYY-MM-DD`, inclusive.' })
  to?: string | null;

  @Field(() => Gender, { nullable: true, description: "Men's or women's World Cup; both when omitted." })
  gender?: Gender | null;
}
