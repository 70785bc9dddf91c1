import type { GraphQLResolveInfo } from 'graphql';
import { Ctx, FieldResolver, Info, Resolver } from 'type-graphql';
import { loadExisting } from '../../graph/read/loaders/batched-loader';
import { AwardWin } from './award-win.type';
import type { Context } from '../context';
import { Player } from './player.type';
import { Source } from '../provenance/source.type';
import { Team } from '../teams/team.type';
import { Tournament } from '../tournaments/tournament.type';
import { Row } from '../row.decorator';
import { readAheadById } from '../selection-read-ahead';

@Resolver(() => AwardWin)
export class AwardWinResolver {
  @FieldResolver(() => Player)
  player(@Row() win: AwardWin, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.player.including(readAheadById(info)).loadNow(win.playerId);
  }

  @FieldResolver(() => Tournament)
  tournament(@Row() win: AwardWin, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.tournament.including(readAheadById(info)).loadNow(win.tournamentId);
  }

  @FieldResolver(() => Team, { nullable: true, description: 'The team the player won it with.' })
  team(@Row() win: AwardWin, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return win.teamId ? loaders.team.including(readAheadById(info)).loadNow(win.teamId) : null;
  }

  @FieldResolver(() => [Source], { description: 'The sources naming this winner.' })
  sources(@Row() win: AwardWin, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loadExisting(loaders.source.including(readAheadById(info)), win.sourceIds);
  }
}
