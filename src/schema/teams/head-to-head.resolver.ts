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
import { readAheadById, readAheadFrom } from '../selection-read-ahead';
import type { Include, ReadAhead } from '../../graph/read/loaders/look-ahead';
import { looksLikeTeamId } from '../../graph/model/identity';

/** The one team of `gender` an id or a name stands for, or a BAD_USER_INPUT naming the argument. */
async function resolveTeam(ctx: Context, { argumentName, reference, gender }: TeamReference): Promise<TeamRow> {
  if (typeof reference !== 'string') return reference;
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

/**
 * The meetings statement reads ahead both teams' rows and the selection below `meetings`, so with
 * the teams given by id a head-to-head is one statement; by name, the look-up comes first. The
 * teams are resolved after it, from those rows where there were meetings: a team that does not
 * exist has none, and is then looked up and refused by name as before.
 */
async function headToHead(ctx: Context, info: GraphQLResolveInfo, teamA: TeamReference, teamB: TeamReference, scope: MeetingsScope): Promise<HeadToHead | SameTeam> {
  const given = (team: TeamReference) => (typeof team.reference === 'string' ? team.reference : team.reference.id);
  const years = checkYears(scope.tournamentYears);
  const byId = (team: TeamReference) => typeof team.reference !== 'string' || looksLikeTeamId(team.reference);
  const resolveBoth = () => Promise.all([teamA, teamB].map((team) => resolveTeam(ctx, team)));
  const known = byId(teamA) && byId(teamB) ? undefined : await resolveBoth();
  const key: MeetingsKey = { teamA: known?.[0].id ?? given(teamA), teamB: known?.[1].id ?? given(teamB), years, ...scopeKey(scope) };
  const meetings = await ctx.loaders.meetings.load(key, meetingsReadAhead(info));
  const [a, b] = known ?? (await resolveBoth());
  // Checked on the resolved teams: a name and an id can stand for the same one.
  if (a.id === b.id) return { sameTeam: a };
  return { ...summarizeMeetings(meetings, key), teamA: a, teamB: b } as HeadToHead;
}

/** What `headToHead` answers for a team against itself: the root refuses it, a team's field answers null. */
interface SameTeam {
  sameTeam: TeamRow;
}

/** A team argument: an id or a name to resolve, or a team already read (the parent of `Team.headToHead`). */
interface TeamReference {
  argumentName: string;
  reference: string | TeamRow;
  gender: Gender;
}

const TEAMS_READ_AHEAD: readonly Include[] = ['teamA', 'teamB'].map((idField) => ({ loader: 'team', idField, includes: [] }));

/** The rows of the meetings statement name both teams and each match: their loaders' rows come with it. */
function meetingsReadAhead(info: GraphQLResolveInfo): ReadAhead {
  return readAheadFrom(info, TEAMS_READ_AHEAD, [{ path: ['meetings'], loader: 'match', idField: 'matchId' }]);
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
    @Info() info: GraphQLResolveInfo,
  ): Promise<HeadToHead> {
    const record = await headToHead(ctx, info, { argumentName: 'teamA', reference: teamA, gender }, { argumentName: 'teamB', reference: teamB, gender }, scope);
    if ('sameTeam' in record) throw new BadUserInputError('teamB', `must be another team than ${record.sameTeam.name}`);
    return record;
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
  // Null rather than an error for the team itself: a list of teams asked each for its record against one of them keeps its other rows.
  @FieldResolver(() => HeadToHead, {
    nullable: true,
    description: "This team's record against another (World Cup meetings unless `scope` says otherwise), from this team's side; null when `opponent` is this team.",
  })
  async headToHead(
    @Row() team: Team,
    @Arg('opponent', { description: 'Team id or name; the same gender as this team.' }) opponent: string,
    @Args() scope: MeetingsScope,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<HeadToHead | null> {
    const gender = team.gender as Gender;
    const record = await headToHead(ctx, info, { argumentName: 'team', reference: team as TeamRow, gender }, { argumentName: 'opponent', reference: opponent, gender }, scope);
    return 'sameTeam' in record ? null : record;
  }
}
