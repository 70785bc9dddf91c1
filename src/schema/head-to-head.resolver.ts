import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, Info, Int, Query, Resolver } from 'type-graphql';
import { summarizeMeetings, type MeetingsKey } from '../graph/analytics/head-to-head.query';
import { loadExisting } from '../graph/loaders/batched-loader';
import type { TeamRow } from '../graph/loaders/rows';
import type { Context } from './context';
import { teamsFor } from './entity-lookup.service';
import { BadUserInputError } from './errors';
import { Gender } from './gender.type';
import { HeadToHead } from './head-to-head.type';
import { Match } from './match.type';
import { Team } from './team.type';
import { Row } from './row.decorator';
import { readAheadById } from './look-ahead';

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

async function headToHead(ctx: Context, teamA: TeamRow, teamB: TeamRow, years: number[] | null): Promise<HeadToHead> {
  if (teamA.id === teamB.id) throw new BadUserInputError('teamB', `must be another team than ${teamA.name}`);
  const key: MeetingsKey = { teamA: teamA.id, teamB: teamB.id, years };
  const record = summarizeMeetings(await ctx.loaders.meetings.load(key));
  return { ...record, teamA, teamB } as HeadToHead;
}

const YEARS_DESCRIPTION = 'Only meetings at these World Cups; all of them when omitted.';

@Resolver(() => HeadToHead)
export class HeadToHeadResolver {
  @Query(() => HeadToHead, { description: 'The World Cup record between two teams of the same gender, meetings by date.' })
  async headToHead(
    @Arg('teamA', { description: 'Team id (`argentina-men`) or name, any case or accents.' }) teamA: string,
    @Arg('teamB', { description: 'Team id or name.' }) teamB: string,
    @Arg('gender', () => Gender, { defaultValue: Gender.MEN }) gender: Gender,
    @Arg('tournamentYears', () => [Int], { nullable: true, description: YEARS_DESCRIPTION }) tournamentYears: number[] | null,
    @Ctx() ctx: Context,
  ): Promise<HeadToHead> {
    const years = checkYears(tournamentYears);
    const [a, b] = await Promise.all([resolveTeam(ctx, 'teamA', teamA, gender), resolveTeam(ctx, 'teamB', teamB, gender)]);
    return headToHead(ctx, a, b, years);
  }

  @FieldResolver(() => [Match], { description: 'Every meeting, by date.' })
  async meetings(@Row() record: HeadToHead, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo): Promise<Match[]> {
    return loadExisting(loaders.match.including(readAheadById(info)), record.meetingIds);
  }
}

@Resolver(() => Team)
export class TeamHeadToHeadResolver {
  @FieldResolver(() => HeadToHead, { description: "This team's World Cup record against another, from this team's side." })
  async headToHead(
    @Row() team: Team,
    @Arg('opponent', { description: 'Team id or name; the same gender as this team.' }) opponent: string,
    @Arg('tournamentYears', () => [Int], { nullable: true, description: YEARS_DESCRIPTION }) tournamentYears: number[] | null,
    @Ctx() ctx: Context,
  ): Promise<HeadToHead> {
    const years = checkYears(tournamentYears);
    return headToHead(ctx, team, await resolveTeam(ctx, 'opponent', opponent, team.gender), years);
  }
}
