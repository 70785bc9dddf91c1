import { Field, ObjectType } from 'type-graphql';
import type { AwardWinRow } from '../../graph/read/loaders/rows';
import { Award } from '../vocabulary.type';

@ObjectType({ description: 'A World Cup award won by a player: Golden Ball, Golden Boot, Golden Glove, ...' })
export class AwardWin implements AwardWinRow {
  playerId!: string;
  tournamentId!: string;
  teamId?: string | null;
  sourceIds!: string[];

  @Field(() => Award)
  award!: string;

  @Field({ description: 'The award went to several players that year.' })
  shared!: boolean;
}
