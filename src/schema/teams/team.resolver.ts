import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, ID, Info, Int, Query, Resolver } from 'type-graphql';
import { teamPageKey } from '../../graph/read/loaders/page.loaders';
import { betterFinish, finishOf, tally, type Finish } from '../../graph/read/analytics/match-results';
import type { ScopedResultRow, TeamResultRow } from '../../graph/read/loaders/rows';
import { Coach } from '../people/coach.type';
import { MatchConnection, TeamConnection } from '../connection.type';
import { checkFirst, DEFAULT_PAGE_SIZE, decodeCursor, emptyConnection, toConnection } from '../connection.service';
import { nodeMatchPageKey, TEAM_MATCHES } from '../matches/node-match-pages';
import type { Context } from '../context';
import { findOne, nameFilterKey, teamIdsFor } from '../entity-lookup.service';
import { Gender } from '../gender.type';
import { CONNECTION_ROWS, lookAhead, readAheadById } from '../selection-read-ahead';
import { RecordScopeArgs, scopeKey } from '../match-scope.type';
import { TeamFilter } from './team.input';
import { OpponentSort, TeamRecordFilter } from './team-record.input';
import { OpponentRecord, TeamRecord } from './team-record.type';
import { Team, TeamPredecessor } from './team.type';
import { TournamentEntry } from '../tournaments/tournament-entry.type';
import { Row } from '../row.decorator';
import { computedOnce } from '../computed-once';
import { groupedBy } from '../../grouped-by';

// A match of another competition has no World Cup year or stage, so either condition leaves it out.
function filterResults(results: readonly ScopedResultRow[], filter: TeamRecordFilter | null): ScopedResultRow[] {
  return results.filter((result) =>
    (!filter?.tournamentYears || (result.tournamentYear !== null && filter.tournamentYears.includes(result.tournamentYear))) &&
    (!filter?.stages || (result.stage !== null && filter.stages.includes(result.stage))));
}

const atWorldCup = (result: ScopedResultRow): result is TeamResultRow => result.tournamentId !== null;

/** W-D-L and goals over every result; tournaments, titles, finals and finishes over the World Cup ones among them. */
function recordOf(team: string, results: readonly ScopedResultRow[]): TeamRecord {
  const tournaments = [...groupedBy(results.filter(atWorldCup), (result) => result.tournamentId).values()];
  const finishes = tournaments.map((own) => ({ finish: finishOf(own), year: own[0]!.tournamentYear }));
  const best = finishes.reduce<Finish | null>((held, { finish }) => (held ? betterFinish(held, finish) : finish), null);
  return {
    ...tally(results),
    counted: [...new Set([team, ...results.map((result) => result.teamId)])],
    tournaments: tournaments.length,
    titles: tournaments.filter((own) => own[0]!.champion).length,
    finals: results.filter((result) => result.stage === 'final').length,
    bestFinish: best,
    bestFinishYears: best
      ? finishes.filter(({ finish }) => finish.position === best.position && finish.stage === best.stage).map(({ year }) => year)
      : [],
  };
}

const OPPONENT_ORDER: Record<OpponentSort, (record: OpponentRecord & { firstMet: number }) => number> = {
  [OpponentSort.PLAYED]: (r) => -r.played,
  [OpponentSort.WON]: (r) => -r.won,
  [OpponentSort.LOST]: (r) => -r.lost,
  [OpponentSort.GOAL_DIFFERENCE]: (r) => r.goalsAgainst - r.goalsFor,
  [OpponentSort.FIRST_MET]: (r) => r.firstMet,
};

@Resolver(() => Team)
export class TeamResolver {
  @Query(() => Team, {
    nullable: true,
    description: 'A national team by id or by name (aliases count, e.g. `West Germany`), of the given gender.',
  })
  team(
    @Ctx() { loaders }: Context,
    @Info() info: GraphQLResolveInfo,
    @Arg('id', () => ID, { nullable: true }) id: string | null,
    @Arg('name', () => String, { nullable: true }) name: string | null,
    @Arg('gender', () => Gender, { defaultValue: Gender.MEN, description: 'Used with `name`.' }) gender: Gender,
  ) {
    return findOne({ id, name }, loaders.team.including(lookAhead(info)), loaders.teamsByName, (team) => team.gender === gender);
  }

  @Query(() => TeamConnection, { description: 'National teams ordered by name, filtered; a Relay connection.' })
  async teams(
    @Ctx() { loaders }: Context,
    @Info() info: GraphQLResolveInfo,
    @Arg('filter', () => TeamFilter, { nullable: true }) filter: TeamFilter | null,
    @Arg('first', () => Int, { defaultValue: DEFAULT_PAGE_SIZE, description: 'Page size, at most 100.' }) first: number,
    @Arg('after', () => String, { nullable: true, description: '`endCursor` of the previous page.' }) after: string | null,
  ) {
    checkFirst(first);
    const page = await loaders.teamPage.including(lookAhead(info, { rows: CONNECTION_ROWS })).load(
      teamPageKey({
        first,
        after: decodeCursor(after),
        nameContains: nameFilterKey('filter.name', filter?.name),
        gender: filter?.gender,
        confederation: filter?.confederation?.trim().toUpperCase() || null,
      }),
    );
    return toConnection(page, first);
  }

  @FieldResolver(() => MatchConnection, { description: "The team's matches by date; a Relay connection." })
  async matches(
    @Row() team: Team,
    @Ctx() context: Context,
    @Info() info: GraphQLResolveInfo,
    @Arg('opponent', () => String, { nullable: true, description: 'Only meetings with this team (id or name).' })
    opponent: string | null,
    @Arg('tournamentYears', () => [Int], { nullable: true, description: 'Only matches at these World Cups.' }) tournamentYears: number[] | null,
    @Arg('first', () => Int, { defaultValue: DEFAULT_PAGE_SIZE, description: 'Page size, at most 100.' }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
  ) {
    const query = TEAM_MATCHES.query({ first, after, tournamentYears });
    const opponents = opponent != null ? await teamIdsFor(context, 'opponent', opponent, { gender: team.gender }) : null;
    if (opponents?.length === 0) return emptyConnection();
    const page = await context.loaders[TEAM_MATCHES.loader].including(lookAhead(info, { rows: CONNECTION_ROWS })).load(
      nodeMatchPageKey(TEAM_MATCHES, team.id, { ...query, opponents }),
    );
    return toConnection(page, first);
  }

  @FieldResolver(() => [TournamentEntry], { description: 'The World Cups it played at (its entries), by year.' })
  tournaments(@Row() team: Team, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.teamEntries.including(lookAhead(info)).loadNow(team.id);
  }

  @FieldResolver(() => TeamRecord, {
    description: 'Its record (World Cup matches unless `scope` says otherwise): W-D-L as `headToHead` counts it, and its World Cup titles, finals and best finish.',
  })
  async record(
    @Row() team: Team,
    @Ctx() { loaders }: Context,
    @Arg('filter', () => TeamRecordFilter, { nullable: true }) filter: TeamRecordFilter | null,
    @Args() scope: RecordScopeArgs,
  ): Promise<TeamRecord> {
    const results = await loaders.teamResults({ team: team.id, ...scopeKey(scope) });
    return computedOnce(results, JSON.stringify(['record', filter]), () => recordOf(team.id, filterResults(results, filter)));
  }

  @FieldResolver(() => [OpponentRecord], { description: 'Every team it has met at a World Cup, with the head-to-head from its side.' })
  async opponents(
    @Row() team: Team,
    @Ctx() { loaders }: Context,
    @Arg('filter', () => TeamRecordFilter, { nullable: true }) filter: TeamRecordFilter | null,
    @Arg('sort', () => OpponentSort, { defaultValue: OpponentSort.PLAYED }) sort: OpponentSort,
  ): Promise<OpponentRecord[]> {
    const worldCup = { allMatches: false, before: null, after: null, predecessors: false };
    const worldCupResults = await loaders.teamResults({ team: team.id, ...worldCup });
    return computedOnce(worldCupResults, JSON.stringify(['opponents', filter, sort]), () => {
      const results = filterResults(worldCupResults, filter).filter(atWorldCup);
      const records = [...groupedBy(results, (result) => result.opponentId).values()].map((own) => ({
        opponentId: own[0]!.opponentId,
        meetings: own.length,
        firstMet: own[0]!.tournamentYear,
        ...tally(own),
      }));
      const order = OPPONENT_ORDER[sort];
      return records.sort((a, b) => order(a) - order(b) || b.meetings - a.meetings || a.opponentId.localeCompare(b.opponentId));
    });
  }

  @FieldResolver(() => [TeamPredecessor], { description: 'The teams whose record this one took over, at any remove, the earliest first; records and head-to-heads count them.' })
  async predecessors(@Row() team: Team, @Ctx() { loaders }: Context): Promise<TeamPredecessor[]> {
    const rows = await loaders.teamPredecessors.load(team.id);
    return rows.map((row) => ({ team: row as Team, from: row.activeFrom ?? null, to: row.activeUntil ?? null }));
  }

  @FieldResolver(() => Team, { nullable: true, description: "The team that took over this team's record (Germany for West Germany)." })
  successor(@Row() team: Team, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return team.successorId ? loaders.team.including(readAheadById(info)).loadNow(team.successorId) : null;
  }

  @FieldResolver(() => [Coach], { description: 'Coaches of the team in the graph.' })
  coaches(@Row() team: Team, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.teamCoaches.including(lookAhead(info)).loadNow(team.id);
  }
}
