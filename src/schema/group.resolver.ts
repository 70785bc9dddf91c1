import { Ctx, FieldResolver, Resolver } from 'type-graphql';
import type { Context } from './context';
import { Standing } from './group.type';
import { Team } from './team.type';
import { Row } from './row.decorator';

@Resolver(() => Standing)
export class StandingResolver {
  @FieldResolver(() => Team)
  team(@Row() standing: Standing, @Ctx() { loaders }: Context) {
    return loaders.team.load(standing.teamId);
  }
}
