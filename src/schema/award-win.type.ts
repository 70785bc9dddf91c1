import { Field, ObjectType } from 'type-graphql';
import type { AwardWinRow } from '../graph/loaders/rows';

@ObjectType({ description: 'A World Cup award won by a player: Golden Ball, Golden Boot, Golden Glove, ...' })
export class AwardWin implements AwardWinRow {
  playerId!: string;
  tournamentId!: string;
  teamId?: string | null;
  sourceIds!: string[];

  @Field({
    description: '`Golden Ball`, `Silver Ball`, `Bronze Ball`, `Golden Boot`, `Silver Boot`, `Bronze Boot`, `Golden Glove` or `Best Young Player`.',
  })
  award!: string;

  @Field({ description: 'The award went to several players that year.' })
  shared!: boolean;
}
