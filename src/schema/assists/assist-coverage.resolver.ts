import type { GraphQLResolveInfo } from 'graphql';
import { Ctx, FieldResolver, Info, Resolver } from 'type-graphql';
import { loadExisting } from '../../graph/read/loaders/batched-loader';
import { AssistCoverage } from './assist-coverage.type';
import type { Context } from '../context';
import { Source } from '../provenance/source.type';
import { Tournament } from '../tournaments/tournament.type';
import { Row } from '../row.decorator';
import { readAheadById } from '../selection-read-ahead';

@Resolver(() => AssistCoverage)
export class AssistCoverageResolver {
  @FieldResolver(() => Tournament)
  tournament(@Row() coverage: AssistCoverage, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.tournament.including(readAheadById(info)).loadNow(coverage.tournamentId);
  }

  @FieldResolver(() => [Source], { description: 'Where the assist data of these goals comes from.' })
  sources(@Row() coverage: AssistCoverage, @Ctx() { loaders }: Context) {
    return loadExisting(loaders.source, coverage.sourceIds);
  }
}
