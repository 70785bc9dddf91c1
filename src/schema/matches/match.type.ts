import { LocalDateResolver, LocalTimeResolver } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import type { MatchCoachRow, MatchRow } from '../../graph/read/loaders/rows';
import { Entity } from '../entity.type';
import { StageSlug } from '../vocabulary.type';

@ObjectType({
  implements: Entity,
  description: 'A men\'s or women\'s full international: a World Cup match, or one of another competition. Teams, goals, line-ups and the rest are batched field resolvers.',
})
export class Match extends Entity implements MatchRow {
  /** Ids behind the relationship fields. */
  tournamentId?: string | null;
  homeTeamId!: string;
  awayTeamId!: string;
  venueId?: string | null;
  winnerTeamId?: string | null;
  homePenalties?: number | null;
  awayPenalties?: number | null;

  @Field(() => LocalDateResolver, { nullable: true, description: 'Local date of the match.' })
  date?: string | null;

  @Field(() => LocalTimeResolver, { nullable: true, description: 'Local kick-off time, `HH:mm`.' })
  kickoff?: string | null;

  @Field(() => StageSlug, { nullable: true, description: 'World Cup matches only.' })
  stage?: string | null;

  @Field(() => String, { nullable: true, description: 'The competition, as the data sets name it: `FIFA World Cup`, `Copa América`, `Friendly`, ...' })
  competition?: string | null;

  @Field(() => String, { nullable: true, description: 'The edition of the competition, `Copa América 2021`; none for friendlies and qualifiers.' })
  edition?: string | null;

  @Field(() => String, { nullable: true, description: 'Stage as named by the tournament, e.g. `Semi-final`.' })
  stageName?: string | null;

  @Field(() => String, { nullable: true, description: 'Group letter or name, for group matches.' })
  group?: string | null;

  @Field(() => Int, { nullable: true, description: 'Final score of the home side, extra time included, never the shoot-out.' })
  homeScore?: number | null;

  @Field(() => Int, { nullable: true, description: 'Final score of the away side, extra time included, never the shoot-out.' })
  awayScore?: number | null;

  @Field(() => Int, { nullable: true, description: 'Home score after 90 minutes.' })
  homeScore90?: number | null;

  @Field(() => Int, { nullable: true, description: 'Away score after 90 minutes.' })
  awayScore90?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether extra time was played.' })
  extraTime?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether this is the replay of a drawn match (1934, 1938).' })
  replay?: boolean | null;
}

@ObjectType({ description: 'A penalty shoot-out result (not part of the score).' })
export class Penalties {
  @Field(() => Int)
  home!: number;

  @Field(() => Int)
  away!: number;
}

@ObjectType({ description: 'Who coached which side in a match.' })
export class MatchCoach implements MatchCoachRow {
  coachId!: string;
  teamId!: string;
  matchId!: string;
  sourceIds!: string[];
}
