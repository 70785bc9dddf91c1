import { Arg, Ctx, FieldResolver, ID, Int, Query, Resolver, Root } from 'type-graphql';
import { matchPageKey, teamPageKey } from '../graph/loaders/page.loaders';
import type { TeamRow } from '../graph/loaders/rows';
import { Coach } from './coach.type';
import { MatchConnection, TeamConnection } from './connection.type';
import { checkFirst, DEFAULT_PAGE_SIZE, decodeCursor, emptyConnection, toConnection } from './connection.service';
import type { Context } from './context';
import { findOne, nameFilterKey, teamIdsFor } from './entity-lookup.service';
import { Gender } from './gender.type';
import { matchPosition } from './match.resolver';
import { TeamFilter } from './team.input';
import { Team } from './team.type';

@Resolver(() => Team)
export class TeamResolver {
  @Query(() => Team, {
    nullable: true,
    description: 'A national team by id or by name (aliases count, e.g. `West Germany`), of the given gender.',
  })
  team(
    @Ctx() { loaders }: Context,
    @Arg('id', () => ID, { nullable: true }) id: string | null,
    @Arg('name', () => String, { nullable: true }) name: string | null,
    @Arg('gender', () => Gender, { defaultValue: Gender.MEN, description: 'Used with `name`.' }) gender: Gender,
  ) {
    return findOne({ id, name }, loaders.team, loaders.teamsByName, (team) => team.gender === gender);
  }

  @Query(() => TeamConnection, { description: 'National teams ordered by name, filtered; a Relay connection.' })
  async teams(
    @Ctx() { loaders }: Context,
    @Arg('filter', () => TeamFilter, { nullable: true }) filter: TeamFilter | null,
    @Arg('first', () => Int, { defaultValue: DEFAULT_PAGE_SIZE, description: 'Page size, at most 100.' }) first: number,
    @Arg('after', () => String, { nullable: true, description: '`endCursor` of the previous page.' }) after: string | null,
  ) {
    checkFirst(first);
    const page = await loaders.teamPage.load(
      teamPageKey({
        first,
        after: decodeCursor(after),
        nameContains: nameFilterKey('filter.name', filter?.name),
        gender: filter?.gender,
        confederation: filter?.confederation?.trim().toUpperCase() || null,
      }),
    );
    return toConnection(page, first, (team: TeamRow) => [team.name, team.id]);
  }

  @FieldResolver(() => MatchConnection, { description: "The team's matches by date; a Relay connection." })
  async matches(
    @Root() team: Team,
    @Ctx() context: Context,
    @Arg('opponent', () => String, { nullable: true, description: 'Only meetings with this team (id or name).' })
    opponent: string | null,
    @Arg('tournamentYear', () => Int, { nullable: true }) tournamentYear: number | null,
    @Arg('first', () => Int, { defaultValue: DEFAULT_PAGE_SIZE, description: 'Page size, at most 100.' }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
  ) {
    checkFirst(first);
    const position = decodeCursor(after);
    const opponents = opponent != null ? await teamIdsFor(context, 'opponent', opponent, { gender: team.gender }) : null;
    if (opponents?.length === 0) return emptyConnection();
    const page = await context.loaders.matchPage.load(
      matchPageKey({ first, after: position, teams: [team.id], opponents, tournamentYear }),
    );
    return toConnection(page, first, matchPosition);
  }

  @FieldResolver(() => [Coach], { description: 'Coaches of the team in the graph.' })
  coaches(@Root() team: Team, @Ctx() { loaders }: Context) {
    return loaders.teamCoaches.load(team.id);
  }
}
