import { Ctx, FieldResolver, Resolver } from 'type-graphql';
import type { Context } from './context';
import { Match } from './match.type';
import { Player } from './player.type';
import { Substitution } from './substitution.type';
import { Team } from './team.type';
import { Row } from './row.decorator';

@Resolver(() => Substitution)
export class SubstitutionResolver {
  @FieldResolver(() => Team)
  team(@Row() substitution: Substitution, @Ctx() { loaders }: Context) {
    return loaders.team.load(substitution.teamId);
  }

  @FieldResolver(() => Player, { description: 'The player coming on.' })
  playerOn(@Row() substitution: Substitution, @Ctx() { loaders }: Context) {
    return loaders.player.load(substitution.playerOnId);
  }

  @FieldResolver(() => Player, { nullable: true, description: 'The player going off, when the sources name them.' })
  playerOff(@Row() substitution: Substitution, @Ctx() { loaders }: Context) {
    return substitution.playerOffId ? loaders.player.load(substitution.playerOffId) : null;
  }

  @FieldResolver(() => Match)
  match(@Row() substitution: Substitution, @Ctx() { loaders }: Context) {
    return loaders.match.load(substitution.matchId);
  }
}
