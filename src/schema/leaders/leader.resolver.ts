import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, Info, Int, Query, Resolver } from 'type-graphql';
import { competitionRanks } from '../../graph/read/analytics/match-results';
import { checkFirst } from '../connection.service';
import type { Context } from '../context';
import { teamIdsFor } from '../entity-lookup.service';
import { BadUserInputError } from '../errors';
import { LeaderFilter, LeaderMetric } from './leader.input';
import { Leader } from './leader.type';
import { MatchScope, ScopeArgs } from '../match-scope.type';
import { Player } from '../people/player.type';
import { Team } from '../teams/team.type';
import { Row } from '../row.decorator';
import { readAheadById } from '../selection-read-ahead';

const DEFAULT_LEADERS = 10;

@Resolver(() => Leader)
export class LeaderResolver {
  @Query(() => [Leader], {
    description: 'The best players by a metric (top scorers, most appearances, ...) at World Cups or, with `scope`, in every competition, best first; see `LeaderMetric` for where each is recorded.',
  })
  async leaders(
    @Arg('metric', () => LeaderMetric) metric: LeaderMetric,
    @Arg('filter', () => LeaderFilter, { nullable: true }) filter: LeaderFilter | null,
    @Arg('first', () => Int, { defaultValue: DEFAULT_LEADERS, description: 'Most players returned, at most 100.' }) first: number,
    @Args() { scope }: ScopeArgs,
    @Ctx() ctx: Context,
  ): Promise<Leader[]> {
    const given = filter ?? {};
    const teamIds = given.team != null ? await teamIdsFor(ctx, 'filter.team', given.team, given) : null;
    if (teamIds?.length === 0) throw new BadUserInputError('filter.team', `names no team: ${JSON.stringify(given.team)}`);
    const rows = await ctx.loaders.leaders(metric, { ...given, teamIds, allMatches: scope === MatchScope.ALL_MATCHES }, checkFirst(first));
    const ranks = competitionRanks(rows.map((row) => row.value));
    return rows.map((row, index) => ({ ...row, rank: ranks[index]! }));
  }

  @FieldResolver(() => Player)
  player(@Row() leader: Leader, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.player.including(readAheadById(info)).loadNow(leader.playerId);
  }

  @FieldResolver(() => Team, { description: 'The team the figure was achieved for.' })
  team(@Row() leader: Leader, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.team.including(readAheadById(info)).loadNow(leader.teamId);
  }
}
