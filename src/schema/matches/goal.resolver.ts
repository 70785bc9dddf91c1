import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, ID, Info, Query, Resolver } from 'type-graphql';
import type { Context } from '../context';
import { Goal } from './goal.type';
import { Match } from './match.type';
import { Player } from '../people/player.type';
import { Team } from '../teams/team.type';
import { Row } from '../row.decorator';
import { lookAhead, readAheadById } from '../selection-read-ahead';

@Resolver(() => Goal)
export class GoalResolver {
  @Query(() => Goal, { nullable: true, description: 'A goal by id (`{matchId}-goal-{n}`); null when there is none.' })
  goal(@Arg('id', () => ID) id: string, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.goal.including(lookAhead(info)).loadNow(id);
  }

  @FieldResolver(() => Player, { description: 'Who scored; for an own goal, a player of the other side.' })
  scorer(@Row() goal: Goal, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.player.including(readAheadById(info)).loadNow(goal.scorerId);
  }

  @FieldResolver(() => Player, { nullable: true, description: 'Who provided the assist, when a source credits one.' })
  assistedBy(@Row() goal: Goal, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return goal.assistId ? loaders.player.including(readAheadById(info)).loadNow(goal.assistId) : null;
  }

  @FieldResolver(() => Team, { description: 'The side the goal counts for.' })
  team(@Row() goal: Goal, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.team.including(readAheadById(info)).loadNow(goal.teamId);
  }

  @FieldResolver(() => Match)
  match(@Row() goal: Goal, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.match.including(readAheadById(info)).loadNow(goal.matchId);
  }
}
