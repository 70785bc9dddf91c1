import type { GraphQLResolveInfo } from 'graphql';
import { Ctx, FieldResolver, Info, Resolver } from 'type-graphql';
import type { Context } from '../context';
import { Standing } from './group.type';
import { Team } from '../teams/team.type';
import { Row } from '../row.decorator';
import { readAheadById } from '../selection-read-ahead';

@Resolver(() => Standing)
export class StandingResolver {
  @FieldResolver(() => Team)
  team(@Row() standing: Standing, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.team.including(readAheadById(info)).loadNow(standing.teamId);
  }
}
