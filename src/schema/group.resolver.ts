import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from './context';
import { Standing } from './group.type';
import { Team } from './team.type';

@Resolver(() => Standing)
export class StandingResolver {
  @FieldResolver(() => Team)
  team(@Root() standing: Standing, @Ctx() { loaders }: Context) {
    return loaders.team.load(standing.teamId);
  }
}
