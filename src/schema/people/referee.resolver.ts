import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, ID, Info, Query, Resolver } from 'type-graphql';
import { loadExisting } from '../../graph/read/loaders/batched-loader';
import type { MatchRow } from '../../graph/read/loaders/rows';
import type { Context } from '../context';
import { Match } from '../matches/match.type';
import { Referee } from './referee.type';
import { Row } from '../row.decorator';
import { lookAhead, readAheadById } from '../selection-read-ahead';

@Resolver(() => Referee)
export class RefereeResolver {
  @Query(() => Referee, { nullable: true, description: 'A referee by id, e.g. `referee-szymon-marciniak`.' })
  referee(@Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo, @Arg('id', () => ID) id: string) {
    return loaders.referee.including(lookAhead(info)).load(id);
  }

  @FieldResolver(() => [Match], { description: 'Matches refereed, by date.' })
  matches(@Row() referee: Referee, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.refereeMatches.including(lookAhead(info)).loadNow(referee.id);
  }
}

@Resolver(() => Match)
export class MatchRefereesResolver {
  @FieldResolver(() => [Referee], { description: 'The referee in charge, as the sources name them; empty where none does.' })
  referees(@Row() match: MatchRow, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loadExisting(loaders.referee.including(readAheadById(info)), match.refereeId ? [match.refereeId] : []);
  }
}
