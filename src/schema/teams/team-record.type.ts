import { Field, Int, ObjectType } from 'type-graphql';
import type { Tally as TallyRow } from '../../graph/read/analytics/match-results';
import { StageSlug } from '../vocabulary.type';

/** The counts every record shares; match-results.ts decides what each match adds. */
// Never referenced by a field itself, so the schema only shows the concrete subclasses.
@ObjectType()
export abstract class TallyFields implements TallyRow {
  @Field(() => Int, { description: 'Matches with a score; a fixture or a meeting known without its score is not counted.' })
  played!: number;

  @Field(() => Int)
  won!: number;

  @Field(() => Int, { description: 'Including matches decided on penalties, as FIFA counts them.' })
  drawn!: number;

  @Field(() => Int)
  lost!: number;

  @Field(() => Int, { description: 'Extra time included, shoot-outs never.' })
  goalsFor!: number;

  @Field(() => Int)
  goalsAgainst!: number;
}

@ObjectType({ description: 'Played, W-D-L and goals over some matches.' })
export class Tally extends TallyFields {}

@ObjectType({ description: 'How far a team went at a World Cup.' })
export class Finish {
  @Field(() => Int, { nullable: true, description: '1 to 4 where the title, the final or the third-place match decides it; null otherwise.' })
  position!: number | null;

  @Field(() => StageSlug, { nullable: true, description: 'The furthest stage played.' })
  stage!: string | null;
}

@ObjectType({
  description: "A team's record over the matches its `scope` counts; W-D-L counts as `headToHead` does. Titles, finals and finishes are its World Cups' among those matches.",
})
export class TeamRecord extends TallyFields {
  /** Resolves `counted`: the team first, then the predecessors whose matches were counted. */
  counted!: string[];

  @Field(() => Int, { description: 'World Cups entered (with at least one match).' })
  tournaments!: number;

  @Field(() => Int, { description: 'World Cups won.' })
  titles!: number;

  @Field(() => Int, { description: 'Finals played.' })
  finals!: number;

  @Field(() => Finish, { nullable: true, description: 'The best finish; null without matches.' })
  bestFinish!: Finish | null;

  @Field(() => [Int], { description: 'The World Cups of the best finish, by year.' })
  bestFinishYears!: number[];
}

@ObjectType({ description: 'Every meeting with one opponent, from the team\'s side.' })
export class OpponentRecord extends TallyFields {
  opponentId!: string;

  @Field(() => Int, { description: 'Meetings, scored or not.' })
  meetings!: number;
}
