import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, ID, Info, Query, Resolver } from 'type-graphql';
import { EVERY_SOURCE } from '../../graph/read/loaders/provenance.loaders';
import type { Context } from '../context';
import { lookAhead } from '../selection-read-ahead';
import { Source } from './source.type';

@Resolver(() => Source)
export class SourceResolver {
  @Query(() => [Source], {
    description:
      'Every source of the graph by title, with the licence and attribution its data is served under: ' +
      'credit them when you reuse what this API returns.',
  })
  sources(@Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.everySource.including(lookAhead(info)).loadNow(EVERY_SOURCE);
  }

  @Query(() => Source, { nullable: true, description: 'A source by id (`fjelstul-worldcup`); null when there is none.' })
  source(@Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo, @Arg('id', () => ID) id: string) {
    return loaders.source.including(lookAhead(info)).loadNow(id);
  }
}
