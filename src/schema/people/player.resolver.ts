import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, ID, Info, Int, Query, Resolver } from 'type-graphql';
import type { AssistCoverageRow } from '../../graph/read/analytics/assists.query';
import { loadExisting } from '../../graph/read/loaders/batched-loader';
import { playerPageKey } from '../../graph/read/loaders/page.loaders';
import { Appearance } from '../matches/appearance.type';
import { AwardWin } from './award-win.type';
import { Booking } from '../matches/booking.type';
import { PlayerConnection } from '../connection.type';
import { checkFirst, DEFAULT_PAGE_SIZE, decodeCursor, emptyConnection, toConnection } from '../connection.service';
import type { Context } from '../context';
import { findOne, nameFilterKey, teamIdsFor, teamScopeOf } from '../entity-lookup.service';
import { Goal } from '../matches/goal.type';
import { MatchScope, ScopeArgs } from '../match-scope.type';
import { CONNECTION_ROWS, lookAhead, readAheadById } from '../selection-read-ahead';
import { PlayerFilter } from './player.input';
import { AssistCoverage } from '../assists/assist-coverage.type';
import { AssistPartner, Player, WorldCupStats } from './player.type';
import { Team } from '../teams/team.type';
import { Row } from '../row.decorator';

const yearsArg = { nullable: true, description: 'Only these World Cups; every World Cup when omitted.' } as const;

/**
 * At these World Cups, at any World Cup, or (scope ALL_MATCHES, years omitted) in any match: goals
 * of other internationals have no tournament year.
 */
const inScope = (years: number[] | null, scope = MatchScope.WORLD_CUP) => (item: { tournamentYear: number | null }) =>
  years != null ? item.tournamentYear != null && years.includes(item.tournamentYear) : scope === MatchScope.ALL_MATCHES || item.tournamentYear != null;

@Resolver(() => Player)
export class PlayerResolver {
  @Query(() => Player, {
    nullable: true,
    description:
      'A player by id or by name (case, accents and word order ignored; aliases count). Null when nothing matches; an ambiguous name is a BAD_USER_INPUT error listing the candidates.',
  })
  player(
    @Ctx() { loaders }: Context,
    @Info() info: GraphQLResolveInfo,
    @Arg('id', () => ID, { nullable: true }) id: string | null,
    @Arg('name', () => String, { nullable: true }) name: string | null,
  ) {
    return findOne({ id, name }, loaders.player.including(lookAhead(info)), loaders.playersByName);
  }

  @Query(() => PlayerConnection, { description: 'Players ordered by name, filtered; a Relay connection.' })
  async players(
    @Ctx() context: Context,
    @Info() info: GraphQLResolveInfo,
    @Arg('filter', () => PlayerFilter, { nullable: true }) filter: PlayerFilter | null,
    @Arg('first', () => Int, { defaultValue: DEFAULT_PAGE_SIZE, description: 'Page size, at most 100.' }) first: number,
    @Arg('after', () => String, { nullable: true, description: '`endCursor` of the previous page.' }) after: string | null,
  ) {
    checkFirst(first);
    const position = decodeCursor(after);
    const teams = filter?.team != null ? await teamIdsFor(context, 'filter.team', filter.team, teamScopeOf(filter)) : null;
    if (teams?.length === 0) return emptyConnection();
    const filters = { nameContains: nameFilterKey('filter.name', filter?.name), teams, tournamentYears: filter?.tournamentYears, gender: filter?.gender };
    const loader = Object.values(filters).every((value) => value == null) ? context.loaders.playerNamePage : context.loaders.playerPage;
    const page = await loader.including(lookAhead(info, { rows: CONNECTION_ROWS })).load(playerPageKey({ first, after: position, ...filters }));
    return toConnection(page, first);
  }

  @FieldResolver(() => [Team], { description: 'Teams the player was in the squad of or played for.' })
  teams(@Row() player: Player, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.playerTeams.including(lookAhead(info)).loadNow(player.id);
  }

  @FieldResolver(() => [Goal], { description: 'Goals scored, in order; own goals only when asked for.' })
  async goals(
    @Row() player: Player,
    @Ctx() { loaders }: Context,
    @Arg('tournamentYears', () => [Int], yearsArg) tournamentYears: number[] | null,
    @Arg('includeOwnGoals', { defaultValue: false }) includeOwnGoals: boolean,
    @Args() { scope }: ScopeArgs,
    @Info() info: GraphQLResolveInfo,
  ) {
    // Every competition's goals are not read ahead with the player: their own statement, when asked for.
    const loader = scope === MatchScope.ALL_MATCHES ? loaders.playerGoalsInAllMatches : loaders.playerGoals;
    const goals = await loader.including(lookAhead(info)).load(player.id);
    const scoped = inScope(tournamentYears, scope);
    return goals.filter((goal) => (includeOwnGoals || !goal.ownGoal) && scoped(goal));
  }

  @FieldResolver(() => [Goal], { description: 'Goals this player provided the assist for, in order.' })
  async assists(
    @Row() player: Player,
    @Ctx() { loaders }: Context,
    @Arg('tournamentYears', () => [Int], yearsArg) tournamentYears: number[] | null,
    @Info() info: GraphQLResolveInfo,
  ) {
    const goals = await loaders.playerAssists.including(lookAhead(info)).load(player.id);
    return goals.filter(inScope(tournamentYears));
  }

  @FieldResolver(() => [Booking], { description: 'Cards received, in order.' })
  async bookings(
    @Row() player: Player,
    @Ctx() { loaders }: Context,
    @Arg('tournamentYears', () => [Int], yearsArg) tournamentYears: number[] | null,
    @Info() info: GraphQLResolveInfo,
  ) {
    const bookings = await loaders.playerBookings.including(lookAhead(info)).load(player.id);
    return bookings.filter(inScope(tournamentYears));
  }

  @FieldResolver(() => [AwardWin], { description: 'World Cup awards won, by year.' })
  awards(@Row() player: Player, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.playerAwards.including(lookAhead(info)).loadNow(player.id);
  }

  @FieldResolver(() => [AssistPartner], { description: "Who set up this player's goals, most often first." })
  assistedBy(@Row() player: Player, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.playerAssistedBy.including(lookAhead(info)).loadNow(player.id);
  }

  @FieldResolver(() => [AssistPartner], { description: 'Whose goals this player set up, most often first.' })
  setUp(@Row() player: Player, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.playerSetUp.including(lookAhead(info)).loadNow(player.id);
  }

  @FieldResolver(() => [Appearance], { description: 'Matches played, by date.' })
  appearances(@Row() player: Player, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.playerAppearances.including(lookAhead(info)).loadNow(player.id);
  }

  @FieldResolver(() => [WorldCupStats], { description: 'Goals, assists and appearances per World Cup, by year.' })
  worldCupStats(@Row() player: Player, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.playerWorldCupStats.including(lookAhead(info)).loadNow(player.id);
  }
}

/** The tournament's coverage; a tournament without goals in the graph has none of them covered. */
async function coverageOf(stats: WorldCupStats, loaders: Context['loaders']): Promise<AssistCoverageRow> {
  const [coverage] = await loaders.assistCoverage({ tournamentId: stats.tournamentId });
  return coverage ?? {
    tournamentId: stats.tournamentId, tournamentYear: stats.tournamentYear, gender: stats.gender, goals: 0, goalsWithAssistData: 0, sourceIds: [],
  };
}

@Resolver(() => WorldCupStats)
export class WorldCupStatsResolver {
  @FieldResolver(() => AssistCoverage, { description: "How many of the tournament's goals have assist data." })
  assistCoverage(@Row() stats: WorldCupStats, @Ctx() { loaders }: Context) {
    return coverageOf(stats, loaders);
  }

  @FieldResolver(() => Int, {
    nullable: true,
    description: 'Assists credited by the sources; null when no goal of the tournament has assist data (unknown, not 0).',
  })
  async assists(@Row() stats: WorldCupStats, @Ctx() { loaders }: Context): Promise<number | null> {
    const coverage = await coverageOf(stats, loaders);
    return coverage.goalsWithAssistData > 0 ? stats.assists : null;
  }

  @FieldResolver(() => Team, { nullable: true, description: 'The team the player was with at that World Cup.' })
  team(@Row() stats: WorldCupStats, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return stats.teamId ? loaders.team.including(readAheadById(info)).loadNow(stats.teamId) : null;
  }
}

@Resolver(() => AssistPartner)
export class AssistPartnerResolver {
  @FieldResolver(() => Player, { description: 'The other player: the assister in `assistedBy`, the scorer in `setUp`.' })
  player(@Row() partner: AssistPartner, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.player.including(readAheadById(info)).loadNow(partner.playerId);
  }

  @FieldResolver(() => [Goal])
  goals(@Row() partner: AssistPartner, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loadExisting(loaders.goal.including(readAheadById(info)), partner.goalIds);
  }
}
