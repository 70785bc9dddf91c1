import { Field, InputType, Int } from 'type-graphql';
import { Gender } from '../gender.type';

@InputType({ description: 'Which players to list; every condition given must hold.' })
export class PlayerFilter {
  @Field(() => String, { nullable: true, description: 'Part of the name, accents and case ignored.' })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'A team they were in the squad of, by id or name.' })
  team?: string | null;

  @Field(() => [Int], { nullable: true, description: 'World Cups they were in a squad at or played in (any of them).' })
  tournamentYears?: number[] | null;

  @Field(() => Gender, { nullable: true })
  gender?: Gender | null;
}
