import type { GraphQLResolveInfo } from 'graphql';
import { Ctx, FieldResolver, Info, Resolver } from 'type-graphql';
import { finishOf, tally } from '../../graph/read/analytics/match-results';
import { loadExisting } from '../../graph/read/loaders/batched-loader';
import type { TeamResultRow } from '../../graph/read/loaders/rows';
import { Coach } from '../people/coach.type';
import type { Context } from '../context';
import { Match } from '../matches/match.type';
import { Player } from '../people/player.type';
import { Source } from '../provenance/source.type';
import { Finish, Tally } from '../teams/team-record.type';
import { Team } from '../teams/team.type';
import { SquadMember, TournamentEntry } from './tournament-entry.type';
import { Tournament } from './tournament.type';
import { Row } from '../row.decorator';
import { lookAhead, readAheadById } from '../selection-read-ahead';

/** The entry's matches, from its team's side. */
function resultsOf(entry: TournamentEntry, { loaders }: Context): Promise<TeamResultRow[]> {
  return loaders.entryResults.load(entry.id);
}

@Resolver(() => TournamentEntry)
export class TournamentEntryResolver {
  @FieldResolver(() => Team)
  team(@Row() entry: TournamentEntry, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.team.including(readAheadById(info)).loadNow(entry.teamId);
  }

  @FieldResolver(() => Tournament)
  tournament(@Row() entry: TournamentEntry, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.tournament.including(readAheadById(info)).loadNow(entry.tournamentId);
  }

  @FieldResolver(() => [SquadMember], { description: 'By shirt number; players known only from a line-up have none.' })
  squad(@Row() entry: TournamentEntry, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.entrySquad.including(lookAhead(info)).loadNow(entry.id);
  }

  @FieldResolver(() => [Coach], { description: 'Who managed the team in its matches there.' })
  coaches(@Row() entry: TournamentEntry, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.entryCoaches.including(lookAhead(info)).loadNow(entry.id);
  }

  @FieldResolver(() => String, { nullable: true, description: 'The group of its first group match, e.g. `Group C`; null without one.' })
  async group(@Row() entry: TournamentEntry, @Ctx() context: Context) {
    return (await resultsOf(entry, context)).find((result) => result.group)?.group ?? null;
  }

  @FieldResolver(() => [Match], { description: 'Its matches there, by date.' })
  async matches(@Row() entry: TournamentEntry, @Ctx() context: Context) {
    return loadExisting(context.loaders.match, (await resultsOf(entry, context)).map((result) => result.matchId));
  }

  @FieldResolver(() => Tally, { description: 'W-D-L and goals there.' })
  async record(@Row() entry: TournamentEntry, @Ctx() context: Context) {
    return tally(await resultsOf(entry, context));
  }

  @FieldResolver(() => Finish)
  async finish(@Row() entry: TournamentEntry, @Ctx() context: Context) {
    return finishOf(await resultsOf(entry, context));
  }
}

@Resolver(() => SquadMember)
export class SquadMemberResolver {
  @FieldResolver(() => Player)
  player(@Row() member: SquadMember, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.player.including(readAheadById(info)).loadNow(member.playerId);
  }

  @FieldResolver(() => [Source], { description: 'The sources listing the player in the squad or the line-ups.' })
  sources(@Row() member: SquadMember, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loadExisting(loaders.source.including(readAheadById(info)), member.sourceIds);
  }
}
