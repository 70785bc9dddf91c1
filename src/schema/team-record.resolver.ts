import type { GraphQLResolveInfo } from 'graphql';
import { Ctx, FieldResolver, Info, Resolver } from 'type-graphql';
import type { Context } from './context';
import { OpponentRecord } from './team-record.type';
import { Team } from './team.type';
import { Row } from './row.decorator';
import { readAheadById } from './look-ahead';

@Resolver(() => OpponentRecord)
export class OpponentRecordResolver {
  @FieldResolver(() => Team)
  opponent(@Row() record: OpponentRecord, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.team.including(readAheadById(info)).loadNow(record.opponentId);
  }
}
