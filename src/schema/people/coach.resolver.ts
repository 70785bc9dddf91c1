import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, ID, Info, Query, Resolver } from 'type-graphql';
import { Coach } from './coach.type';
import type { Context } from '../context';
import { findOne } from '../entity-lookup.service';
import { lookAhead } from '../selection-read-ahead';
import { Match } from '../matches/match.type';
import { Team } from '../teams/team.type';
import { Row } from '../row.decorator';

@Resolver(() => Coach)
export class CoachResolver {
  @Query(() => Coach, {
    nullable: true,
    description: 'A coach by id or by name, resolved like `player`.',
  })
  coach(
    @Ctx() { loaders }: Context,
    @Info() info: GraphQLResolveInfo,
    @Arg('id', () => ID, { nullable: true }) id: string | null,
    @Arg('name', () => String, { nullable: true }) name: string | null,
  ) {
    return findOne({ id, name }, loaders.coach.including(lookAhead(info)), loaders.coachesByName);
  }

  @FieldResolver(() => [Team], { description: 'Teams coached.' })
  teams(@Row() coach: Coach, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.coachTeams.including(lookAhead(info)).loadNow(coach.id);
  }

  @FieldResolver(() => [Match], { description: 'Matches in charge, by date.' })
  matches(@Row() coach: Coach, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.coachMatches.including(lookAhead(info)).loadNow(coach.id);
  }
}
