import { Ctx, FieldResolver, Resolver } from 'type-graphql';
import type { Context } from './context';
import { OpponentRecord } from './team-record.type';
import { Team } from './team.type';
import { Row } from './row.decorator';

@Resolver(() => OpponentRecord)
export class OpponentRecordResolver {
  @FieldResolver(() => Team)
  opponent(@Row() record: OpponentRecord, @Ctx() { loaders }: Context) {
    return loaders.team.load(record.opponentId);
  }
}
