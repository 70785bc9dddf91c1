import type { GraphQLResolveInfo } from 'graphql';
import { Ctx, FieldResolver, Info, Resolver } from 'type-graphql';
import { Booking } from './booking.type';
import type { Context } from '../context';
import { Match } from './match.type';
import { Player } from '../people/player.type';
import { Team } from '../teams/team.type';
import { Row } from '../row.decorator';
import { readAheadById } from '../selection-read-ahead';

@Resolver(() => Booking)
export class BookingResolver {
  @FieldResolver(() => Player, { description: 'Who was shown the card.' })
  player(@Row() booking: Booking, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.player.including(readAheadById(info)).loadNow(booking.playerId);
  }

  @FieldResolver(() => Team, { description: 'The side the player played for.' })
  team(@Row() booking: Booking, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.team.including(readAheadById(info)).loadNow(booking.teamId);
  }

  @FieldResolver(() => Match)
  match(@Row() booking: Booking, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.match.including(readAheadById(info)).loadNow(booking.matchId);
  }
}
