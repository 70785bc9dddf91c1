import type { GraphQLResolveInfo } from 'graphql';
import { Ctx, FieldResolver, Info, Resolver } from 'type-graphql';
import type { Context } from '../context';
import { loadExisting } from '../../graph/read/loaders/batched-loader';
import { OpponentRecord, TeamRecord } from './team-record.type';
import { Team } from './team.type';
import { Row } from '../row.decorator';
import { readAheadById } from '../selection-read-ahead';

@Resolver(() => OpponentRecord)
export class OpponentRecordResolver {
  @FieldResolver(() => Team)
  opponent(@Row() record: OpponentRecord, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.team.including(readAheadById(info)).loadNow(record.opponentId);
  }
}

@Resolver(() => TeamRecord)
export class TeamRecordResolver {
  @FieldResolver(() => [Team], { description: 'The teams whose matches were counted: the team, and the predecessors that played in the scope.' })
  counted(@Row() record: TeamRecord, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo): Promise<Team[]> | Team[] {
    return loadExisting(loaders.team.including(readAheadById(info)), record.counted) as Promise<Team[]> | Team[];
  }
}
