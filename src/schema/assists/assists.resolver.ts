import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, Info, Int, Query, Resolver } from 'type-graphql';
import { loadExisting } from '../../graph/read/loaders/batched-loader';
import { AssistCoverage } from './assist-coverage.type';
import { AssistLink } from './assist-link.type';
import { AssistFilter } from './assists.input';
import { checkFirst } from '../connection.service';
import type { Context } from '../context';
import { findByName, teamIdsFor } from '../entity-lookup.service';
import { BadUserInputError } from '../errors';
import { Goal } from '../matches/goal.type';
import { Player } from '../people/player.type';
import { Row } from '../row.decorator';
import { lookAhead, readAheadById } from '../selection-read-ahead';

const DEFAULT_LINKS = 50;

/**
 * The player id a filter's id-or-name stands for. Unknown names are an error rather than an empty
 * list: a typo must not read as "never assisted".
 */
async function playerIdFor(ctx: Context, argumentName: string, reference: string): Promise<string> {
  const byId = await ctx.loaders.player.load(reference);
  if (byId) return byId.id;
  const player = await findByName(argumentName, reference, ctx.loaders.playersByName);
  if (!player) throw new BadUserInputError(argumentName, `names no player: ${JSON.stringify(reference)}`);
  return player.id;
}

async function teamIdFor(ctx: Context, reference: string, filter: AssistFilter): Promise<string> {
  const ids = await teamIdsFor(ctx, 'filter.team', reference, filter);
  if (ids.length === 0) throw new BadUserInputError('filter.team', `names no team: ${JSON.stringify(reference)}`);
  if (ids.length > 1) {
    throw new BadUserInputError('filter.team', `means both ${ids.join(' and ')}; set filter.gender or pass an id.`, { candidates: ids });
  }
  return ids[0];
}

@Resolver(() => AssistLink)
export class AssistsResolver {
  @Query(() => [AssistLink], {
    description: 'Who assisted whom across the World Cups in the graph, most frequent pair first.',
  })
  async assists(
    @Arg('filter', () => AssistFilter, { nullable: true }) filter: AssistFilter | null,
    @Arg('first', () => Int, { defaultValue: DEFAULT_LINKS, description: 'Most pairs returned, at most 100.' }) first: number,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<AssistLink[]> {
    const given = filter ?? {};
    const [teamId, assisterId, scorerId] = await Promise.all([
      given.team != null ? teamIdFor(ctx, given.team, given) : null,
      given.assister != null ? playerIdFor(ctx, 'filter.assister', given.assister) : null,
      given.scorer != null ? playerIdFor(ctx, 'filter.scorer', given.scorer) : null,
    ]);
    return ctx.loaders.assistLinks(
      { tournamentYears: given.tournamentYears, gender: given.gender, teamId, assisterId, scorerId, matchId: given.match },
      checkFirst(first),
      lookAhead(info),
    );
  }

  @Query(() => [AssistCoverage], {
    description:
      'Per World Cup of the filter (years, gender, team, match; assister and scorer are ignored), how many goals have ' +
      'assist data: ask it beside `assists` so that a tournament without data is not read as one without assists.',
  })
  async assistCoverage(
    @Arg('filter', () => AssistFilter, { nullable: true }) filter: AssistFilter | null,
    @Ctx() ctx: Context,
  ) {
    const given = filter ?? {};
    const teamId = given.team != null ? await teamIdFor(ctx, given.team, given) : null;
    return ctx.loaders.assistCoverage({ tournamentYears: given.tournamentYears, gender: given.gender, teamId, matchId: given.match });
  }

  @FieldResolver(() => Player)
  async assister(@Row() link: AssistLink, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.player.including(readAheadById(info)).loadNow(link.assisterId);
  }

  @FieldResolver(() => Player)
  async scorer(@Row() link: AssistLink, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.player.including(readAheadById(info)).loadNow(link.scorerId);
  }

  @FieldResolver(() => [Goal], { description: 'The goals, in the order they were scored.' })
  async goals(@Row() link: AssistLink, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loadExisting(loaders.goal.including(readAheadById(info)), link.goalIds);
  }
}
