import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, ID, Info, Query, Resolver } from 'type-graphql';
import { EVERY_NODE } from '../../graph/read/loaders/node.loaders';
import type { ModelRow } from '../../graph/model/model';
import type { Context } from '../context';
import { Row } from '../row.decorator';
import { lookAhead, readAheadById } from '../selection-read-ahead';
import { Confederation } from './confederation.type';
import { Team } from './team.type';

@Resolver(() => Confederation)
export class ConfederationResolver {
  @Query(() => Confederation, { nullable: true, description: 'A confederation by id, its code in lower case, e.g. `uefa`.' })
  confederation(@Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo, @Arg('id', () => ID) id: string) {
    return loaders.confederation.including(lookAhead(info)).load(id);
  }

  @Query(() => [Confederation], { description: 'The six confederations, by name.' })
  confederations(@Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.everyConfederation.including(lookAhead(info)).loadNow(EVERY_NODE);
  }

  @FieldResolver(() => [Team], { description: "Its member teams, men's and women's, by name." })
  teams(@Row() confederation: Confederation, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.confederationTeams.including(lookAhead(info)).loadNow(confederation.id);
  }
}

@Resolver(() => Team)
export class TeamConfederationResolver {
  @FieldResolver(() => Confederation, {
    nullable: true,
    description: 'The confederation the team belongs to, whose code `confederation` gives; null where no source names it.',
  })
  confederationBody(@Row() team: ModelRow<'Team'>, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return team.confederationId ? loaders.confederation.including(readAheadById(info)).loadNow(team.confederationId) : null;
  }
}
