import type { GraphQLResolveInfo } from 'graphql';
import { Ctx, FieldResolver, Info, Resolver } from 'type-graphql';
import type { Context } from '../context';
import { Match } from './match.type';
import { Player } from '../people/player.type';
import { Substitution } from './substitution.type';
import { Team } from '../teams/team.type';
import { Row } from '../row.decorator';
import { readAheadById } from '../selection-read-ahead';

@Resolver(() => Substitution)
export class SubstitutionResolver {
  @FieldResolver(() => Team)
  team(@Row() substitution: Substitution, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.team.including(readAheadById(info)).loadNow(substitution.teamId);
  }

  @FieldResolver(() => Player, { description: 'The player coming on.' })
  playerOn(@Row() substitution: Substitution, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.player.including(readAheadById(info)).loadNow(substitution.playerOnId);
  }

  @FieldResolver(() => Player, { nullable: true, description: 'The player going off, when the sources name them.' })
  playerOff(@Row() substitution: Substitution, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return substitution.playerOffId ? loaders.player.including(readAheadById(info)).loadNow(substitution.playerOffId) : null;
  }

  @FieldResolver(() => Match)
  match(@Row() substitution: Substitution, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.match.including(readAheadById(info)).loadNow(substitution.matchId);
  }
}
