import type { GraphQLResolveInfo } from 'graphql';
import { Ctx, FieldResolver, Info, Resolver } from 'type-graphql';
import { loadExisting } from '../../graph/read/loaders/batched-loader';
import { Appearance } from './appearance.type';
import type { Context } from '../context';
import { Match } from './match.type';
import { Player } from '../people/player.type';
import { Source } from '../provenance/source.type';
import { Team } from '../teams/team.type';
import { Row } from '../row.decorator';
import { readAheadById } from '../selection-read-ahead';

@Resolver(() => Appearance)
export class AppearanceResolver {
  @FieldResolver(() => Player)
  player(@Row() appearance: Appearance, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.player.including(readAheadById(info)).loadNow(appearance.playerId);
  }

  @FieldResolver(() => Team, { description: 'The side the player played for.' })
  team(@Row() appearance: Appearance, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.team.including(readAheadById(info)).loadNow(appearance.teamId);
  }

  @FieldResolver(() => Match)
  match(@Row() appearance: Appearance, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.match.including(readAheadById(info)).loadNow(appearance.matchId);
  }

  @FieldResolver(() => [Source], { description: 'The line-ups this appearance comes from.' })
  sources(@Row() appearance: Appearance, @Ctx() { loaders }: Context) {
    return loadExisting(loaders.source, appearance.sourceIds);
  }
}
