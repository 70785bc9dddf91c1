import { Field, Int, ObjectType } from 'type-graphql';
import type { EntryRow, SquadMemberRow } from '../../graph/read/loaders/rows';
import { Entity } from '../entity.type';
import { Position } from '../vocabulary.type';

@ObjectType({ implements: Entity, description: 'A team at one World Cup: its squad, coach, group, matches and finish.' })
export class TournamentEntry extends Entity implements EntryRow {
  teamId!: string;
  tournamentId!: string;
}

@ObjectType({ description: "A player's place in a World Cup squad." })
export class SquadMember implements SquadMemberRow {
  playerId!: string;
  sourceIds!: string[];

  @Field(() => Int, { nullable: true })
  shirtNumber?: number | null;

  @Field(() => Position, { nullable: true })
  position?: string | null;

  @Field(() => String, { nullable: true, description: 'Club at the time, where the source states it.' })
  club?: string | null;
}
