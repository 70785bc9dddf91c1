import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from './context';
import { OpponentRecord } from './team-record.type';
import { Team } from './team.type';

@Resolver(() => OpponentRecord)
export class OpponentRecordResolver {
  @FieldResolver(() => Team)
  opponent(@Root() record: OpponentRecord, @Ctx() { loaders }: Context) {
    return loaders.team.load(record.opponentId);
  }
}
