import { Ctx, FieldResolver, Resolver } from 'type-graphql';
import { Booking } from './booking.type';
import type { Context } from './context';
import { Match } from './match.type';
import { Player } from './player.type';
import { Team } from './team.type';
import { Row } from './row.decorator';

@Resolver(() => Booking)
export class BookingResolver {
  @FieldResolver(() => Player, { description: 'Who was shown the card.' })
  player(@Row() booking: Booking, @Ctx() { loaders }: Context) {
    return loaders.player.load(booking.playerId);
  }

  @FieldResolver(() => Team, { description: 'The side the player played for.' })
  team(@Row() booking: Booking, @Ctx() { loaders }: Context) {
    return loaders.team.load(booking.teamId);
  }

  @FieldResolver(() => Match)
  match(@Row() booking: Booking, @Ctx() { loaders }: Context) {
    return loaders.match.load(booking.matchId);
  }
}
