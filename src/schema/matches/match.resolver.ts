import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, ID, Info, Int, Query, Resolver } from 'type-graphql';
import { loadExisting } from '../../graph/read/loaders/batched-loader';
import type { MatchRow } from '../../graph/read/loaders/rows';
import { matchPageKey } from '../../graph/read/loaders/page.loaders';
import { Appearance } from './appearance.type';
import { Booking } from './booking.type';
import { Coach } from '../people/coach.type';
import { MatchConnection } from '../connection.type';
import { checkFirst, DEFAULT_PAGE_SIZE, decodeCursor, emptyConnection, toConnection } from '../connection.service';
import type { Context } from '../context';
import { teamIdsFor, teamScopeOf } from '../entity-lookup.service';
import { BadUserInputError } from '../errors';
import { Goal } from './goal.type';
import { CONNECTION_ROWS, lookAhead, readAheadById } from '../selection-read-ahead';
import { MatchFilter } from './match.input';
import { Match, MatchCoach, Penalties } from './match.type';
import { Quote } from '../people/quote.type';
import { Source } from '../provenance/source.type';
import { Substitution } from './substitution.type';
import { Team } from '../teams/team.type';
import { Tournament } from '../tournaments/tournament.type';
import { Venue } from '../places/venue.type';
import { Row } from '../row.decorator';
import { objectTypeOfLabel } from '../model.resolver';

/**
 * An ISO calendar date, or null. Dates are compared as text in the graph, so "2026-7-1" or "soon"
 * would silently match nothing (or everything after "2"): refused instead.
 */
function checkDate(argumentName: string, value: string | null | undefined): string | null {
  if (value == null) return null;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new BadUserInputError(argumentName, `must be a date as YYYY-MM-DD, but got ${JSON.stringify(value)}`);
  }
  return value;
}

@Resolver(() => Match)
export class MatchResolver {
  @Query(() => Match, { nullable: true, description: 'A match by id; null when there is none.' })
  match(@Arg('id', () => ID) id: string, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.match.including(lookAhead(info)).loadNow(id);
  }

  @Query(() => MatchConnection, { description: 'Matches ordered by date, filtered; a Relay connection.' })
  async matches(
    @Ctx() context: Context,
    @Info() info: GraphQLResolveInfo,
    @Arg('filter', () => MatchFilter, { nullable: true }) filter: MatchFilter | null,
    @Arg('first', () => Int, { defaultValue: DEFAULT_PAGE_SIZE, description: 'Page size, at most 100.' }) first: number,
    @Arg('after', () => String, { nullable: true, description: '`endCursor` of the previous page.' }) after: string | null,
  ) {
    checkFirst(first);
    const position = decodeCursor(after);
    const from = checkDate('filter.from', filter?.from);
    const to = checkDate('filter.to', filter?.to);
    const references = filter?.teams ?? [];
    if (references.length > 2) {
      throw new BadUserInputError('filter.teams', `takes one team or two (their meetings), but got ${references.length}.`);
    }
    const [teams, opponents] = await Promise.all(
      references.map((reference) => teamIdsFor(context, 'filter.teams', reference, teamScopeOf(filter))),
    );
    if (teams?.length === 0 || opponents?.length === 0) return emptyConnection();
    const page = await context.loaders.matchPage.including(lookAhead(info, { rows: CONNECTION_ROWS })).load(
      matchPageKey({
        first,
        after: position,
        tournamentYears: filter?.tournamentYears,
        competition: filter?.competition,
        gender: filter?.gender,
        stage: filter?.stage,
        from,
        to,
        teams,
        opponents,
      }),
    );
    return toConnection(page, first);
  }

  @FieldResolver(() => Tournament, { nullable: true, description: 'The World Cup; none for a match of another competition.' })
  tournament(@Row() match: Match, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return match.tournamentId ? loaders.tournament.including(readAheadById(info)).loadNow(match.tournamentId) : null;
  }

  @FieldResolver(() => Venue, { nullable: true })
  venue(@Row() match: Match, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return match.venueId ? loaders.venue.including(readAheadById(info)).loadNow(match.venueId) : null;
  }

  // A list, not the model's single `referee`: the sources may come to name the other officials.
  @FieldResolver(() => [objectTypeOfLabel('Referee')()], { description: 'The referee in charge, as the sources name them; empty where none does.' })
  referees(@Row() match: MatchRow, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loadExisting(loaders.referee.including(readAheadById(info)), match.refereeId ? [match.refereeId] : []);
  }

  @FieldResolver(() => Team, { description: 'The side listed first by the sources.' })
  homeTeam(@Row() match: Match, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.team.including(readAheadById(info)).loadNow(match.homeTeamId);
  }

  @FieldResolver(() => Team)
  awayTeam(@Row() match: Match, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.team.including(readAheadById(info)).loadNow(match.awayTeamId);
  }

  @FieldResolver(() => Team, {
    nullable: true,
    description: 'Who won or went through, a penalty shoot-out included; null for a draw.',
  })
  winner(@Row() match: Match, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return match.winnerTeamId ? loaders.team.including(readAheadById(info)).loadNow(match.winnerTeamId) : null;
  }

  @FieldResolver(() => Penalties, { nullable: true, description: 'The penalty shoot-out, if there was one.' })
  penalties(@Row() match: Match): Penalties | null {
    if (match.homePenalties == null || match.awayPenalties == null) return null;
    return { home: match.homePenalties, away: match.awayPenalties };
  }

  @FieldResolver(() => [Goal], { description: 'Goals in the order they were scored.' })
  goals(@Row() match: Match, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.matchGoals.including(lookAhead(info)).loadNow(match.id);
  }

  @FieldResolver(() => [Appearance], { description: 'Everyone who played: home side first, starters first.' })
  appearances(@Row() match: Match, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.matchAppearances.including(lookAhead(info)).loadNow(match.id);
  }

  @FieldResolver(() => [Substitution], { description: 'Substitutions in the order they were made.' })
  substitutions(@Row() match: Match, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.matchSubstitutions.including(lookAhead(info)).loadNow(match.id);
  }

  @FieldResolver(() => [Booking], { description: 'Cards shown, in the order they were shown.' })
  bookings(@Row() match: Match, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.matchBookings.including(lookAhead(info)).loadNow(match.id);
  }

  @FieldResolver(() => [MatchCoach], { description: 'The coach of each side.' })
  coaches(@Row() match: Match, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.matchCoaches.including(lookAhead(info)).loadNow(match.id);
  }

  @FieldResolver(() => [Quote], { description: 'What players and coaches said about the match.' })
  quotes(@Row() match: Match, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.matchQuotes.including(lookAhead(info)).loadNow(match.id);
  }
}

@Resolver(() => MatchCoach)
export class MatchCoachResolver {
  @FieldResolver(() => Coach)
  coach(@Row() coaching: MatchCoach, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.coach.including(readAheadById(info)).loadNow(coaching.coachId);
  }

  @FieldResolver(() => Team)
  team(@Row() coaching: MatchCoach, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.team.including(readAheadById(info)).loadNow(coaching.teamId);
  }

  @FieldResolver(() => [Source], { description: 'The sources naming this coach for this match.' })
  sources(@Row() coaching: MatchCoach, @Ctx() { loaders }: Context) {
    return loadExisting(loaders.source, coaching.sourceIds);
  }
}
