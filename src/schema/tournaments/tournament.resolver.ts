import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, Info, Int, Query, Resolver } from 'type-graphql';
import { tournamentId } from '../../graph/model/identity';
import { tournamentPageKey } from '../../graph/read/loaders/page.loaders';
import { groupTable, stageRank } from '../../graph/read/analytics/match-results';
import { AwardWin } from '../people/award-win.type';
import { Group, Standing } from './group.type';
import { CONNECTION_ROWS, lookAhead, readAheadById } from '../selection-read-ahead';
import { Stage } from './stage.type';
import { TournamentEntry } from './tournament-entry.type';
import { MatchConnection, TournamentConnection } from '../connection.type';
import { checkFirst, DEFAULT_PAGE_SIZE, decodeCursor, toConnection } from '../connection.service';
import { nodeMatchPageKey, TOURNAMENT_MATCHES } from '../matches/node-match-pages';
import type { Context } from '../context';
import { Gender } from '../gender.type';
import { Team } from '../teams/team.type';
import { TournamentFilter } from './tournament.input';
import { Tournament } from './tournament.type';
import { Row } from '../row.decorator';
import { computedOnce } from '../computed-once';
import { groupedBy } from '../../grouped-by';

@Resolver(() => Tournament)
export class TournamentResolver {
  @Query(() => Tournament, { nullable: true, description: 'A World Cup by year; null when not in the graph.' })
  tournament(
    @Ctx() { loaders }: Context,
    @Info() info: GraphQLResolveInfo,
    @Arg('year', () => Int) year: number,
    @Arg('gender', () => Gender, { defaultValue: Gender.MEN }) gender: Gender,
  ) {
    return loaders.tournament.including(lookAhead(info)).loadNow(tournamentId(year, gender));
  }

  @Query(() => TournamentConnection, { description: 'World Cups ordered by year, filtered; a Relay connection.' })
  async tournaments(
    @Ctx() { loaders }: Context,
    @Info() info: GraphQLResolveInfo,
    @Arg('filter', () => TournamentFilter, { nullable: true }) filter: TournamentFilter | null,
    @Arg('first', () => Int, { defaultValue: DEFAULT_PAGE_SIZE, description: 'Page size, at most 100.' }) first: number,
    @Arg('after', () => String, { nullable: true, description: '`endCursor` of the previous page.' }) after: string | null,
  ) {
    checkFirst(first);
    const page = await loaders.tournamentPage.including(lookAhead(info, { rows: CONNECTION_ROWS })).load(
      tournamentPageKey({ first, after: decodeCursor(after), gender: filter?.gender }),
    );
    // The page is sorted by the year as text (page.loaders), so the cursor carries it as text.
    return toConnection(page, first);
  }

  @FieldResolver(() => String, { description: 'Host countries joined, e.g. `Canada, Mexico, United States`.' })
  host(@Row() tournament: Tournament): string {
    return tournament.hosts.join(', ');
  }

  @FieldResolver(() => Team, { nullable: true, description: 'The champion; null while undecided.' })
  winner(@Row() tournament: Tournament, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return tournament.winnerTeamId ? loaders.team.including(readAheadById(info)).loadNow(tournament.winnerTeamId) : null;
  }

  @FieldResolver(() => [AwardWin], { description: 'Awards of the tournament and their winners, by award name.' })
  awards(@Row() tournament: Tournament, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.tournamentAwards.including(lookAhead(info)).loadNow(tournament.id);
  }

  @FieldResolver(() => [TournamentEntry], { description: 'The teams that played there (their entries), by team name.' })
  teams(@Row() tournament: Tournament, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.tournamentEntries.including(lookAhead(info)).loadNow(tournament.id);
  }

  @FieldResolver(() => [Stage], { description: 'Its stages in order.' })
  stages(@Row() tournament: Tournament, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.tournamentStages.including(lookAhead(info)).loadNow(tournament.id);
  }

  @FieldResolver(() => [Group], {
    description: 'Its groups (first, second group stage, final round) by stage and name, each table computed from the results in the graph.',
  })
  async groups(@Row() tournament: Tournament, @Ctx() { loaders }: Context): Promise<Group[]> {
    const results = await loaders.tournamentGroupResults.load(tournament.id);
    return computedOnce(results, 'groups', () =>
      [...groupedBy(results, (result) => JSON.stringify([result.stage, result.group])).values()]
        .map((own) => ({ name: own[0]!.group!, stage: own[0]!.stage, standings: groupTable(own, tournament.year) as Standing[] }))
        .sort((a, b) => stageRank(a.stage) - stageRank(b.stage) || a.name.localeCompare(b.name, 'en', { numeric: true })),
    );
  }

  @FieldResolver(() => MatchConnection, { description: 'Matches of the tournament by date; a Relay connection.' })
  async matches(
    @Row() tournament: Tournament,
    @Ctx() { loaders }: Context,
    @Info() info: GraphQLResolveInfo,
    @Arg('first', () => Int, { defaultValue: DEFAULT_PAGE_SIZE, description: 'Page size, at most 100.' }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
  ) {
    const page = await loaders[TOURNAMENT_MATCHES.loader].including(lookAhead(info, { rows: CONNECTION_ROWS })).load(
      nodeMatchPageKey(TOURNAMENT_MATCHES, tournament.id, TOURNAMENT_MATCHES.query({ first, after })),
    );
    return toConnection(page, first);
  }
}
