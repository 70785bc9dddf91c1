import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, Info, Int, Query, Resolver } from 'type-graphql';
import { summarizeMeetings, type MeetingsKey } from '../../graph/read/analytics/head-to-head.query';
import { loadExisting } from '../../graph/read/loaders/batched-loader';
import type { TeamRow } from '../../graph/read/loaders/rows';
import type { Context } from '../context';
import { teamsFor } from '../entity-lookup.service';
import { BadUserInputError } from '../errors';
import { Gender } from '../gender.type';
import { HeadToHead } from './head-to-head.type';
import { RecordScopeArgs, scopeKey } from '../match-scope.type';
import { Match } from '../matches/match.type';
import { Team } from './team.type';
import { Row } from '../row.decorator';
import { readAheadById } from '../selection-read-ahead';

/** The one team of `gender` an id or a name stands for, or a BAD_USER_INPUT naming the argument. */
async function resolveTeam(ctx: Context, argumentName: string, reference: string, gender: Gender): Promise<TeamRow> {
  // An id names its gender (`argentina-women`); a name was already narrowed to `gender`.
  const teams = (await teamsFor(ctx, argumentName, reference, { gender })).filter((team) => team.gender === gender);
  if (teams.length === 0) {
    throw new BadUserInputError(argumentName, `names no ${gender === Gender.MEN ? "men's" : "women's"} team: ${JSON.stringify(reference)}`);
  }
  return teams[0];
}

function checkYears(years: number[] | null | undefined): number[] | null {
  if (years == null) return null;
  const bad = years.find((year) => year < 1930 || year > 2100);
  if (bad !== undefined) throw new BadUserInputError('tournamentYears', `must be World Cup years, but got ${bad}`);
  return years;
}

@ArgsType()
class MeetingsScope extends RecordScopeArgs {
  @Field(() => [Int], { nullable: true, description: 'Only meetings at these World Cups; all of them when omitted.' })
  tournamentYears?: number[] | null;
}

async function headToHead(ctx: Context, teamA: TeamRow, teamB: TeamRow, scope: MeetingsScope): Promise<HeadToHead> {
  if (teamA.id === teamB.id) throw new BadUserInputError('teamB', `must be another team than ${teamA.name}`);
  const key: MeetingsKey = { teamA: teamA.id, teamB: teamB.id, years: checkYears(scope.tournamentYears), ...scopeKey(scope) };
  const record = summarizeMeetings(await ctx.loaders.meetings.load(key), key);
  return { ...record, teamA, teamB } as HeadToHead;
}

@Resolver(() => HeadToHead)
export class HeadToHeadResolver {
  @Query(() => HeadToHead, { description: 'The record between two teams of the same gender (World Cup meetings unless `scope` says otherwise), meetings by date.' })
  async headToHead(
    @Arg('teamA', { description: 'Team id (`argentina-men`) or name, any case or accents.' }) teamA: string,
    @Arg('teamB', { description: 'Team id or name.' }) teamB: string,
    @Arg('gender', () => Gender, { defaultValue: Gender.MEN }) gender: Gender,
    @Args() scope: MeetingsScope,
    @Ctx() ctx: Context,
  ): Promise<HeadToHead> {
    const [a, b] = await Promise.all([resolveTeam(ctx, 'teamA', teamA, gender), resolveTeam(ctx, 'teamB', teamB, gender)]);
    return headToHead(ctx, a, b, scope);
  }

  @FieldResolver(() => [Team], { description: "The teams whose meetings count for team A: itself and the predecessors that met team B." })
  countedA(@Row() record: HeadToHead, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo): Promise<Team[]> | Team[] {
    return loadExisting(loaders.team.including(readAheadById(info)), record.countedA) as Promise<Team[]> | Team[];
  }

  @FieldResolver(() => [Team], { description: 'The teams whose meetings count for team B.' })
  countedB(@Row() record: HeadToHead, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo): Promise<Team[]> | Team[] {
    return loadExisting(loaders.team.including(readAheadById(info)), record.countedB) as Promise<Team[]> | Team[];
  }

  @FieldResolver(() => [Match], { description: 'Every meeting, by date.' })
  async meetings(@Row() record: HeadToHead, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo): Promise<Match[]> {
    return loadExisting(loaders.match.including(readAheadById(info)), record.meetingIds);
  }
}

@Resolver(() => Team)
export class TeamHeadToHeadResolver {
  @FieldResolver(() => HeadToHead, { description: "This team's record against another (World Cup meetings unless `scope` says otherwise), from this team's side." })
  async headToHead(
    @Row() team: Team,
    @Arg('opponent', { description: 'Team id or name; the same gender as this team.' }) opponent: string,
    @Args() scope: MeetingsScope,
    @Ctx() ctx: Context,
  ): Promise<HeadToHead> {
    return headToHead(ctx, team, await resolveTeam(ctx, 'opponent', opponent, team.gender), scope);
  }
}
