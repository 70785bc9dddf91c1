import { Field, Int, ObjectType } from 'type-graphql';
import type { PersonRow, WorldCupStatsRow } from '../../graph/read/loaders/rows';
import { Entity } from '../entity.type';
import { Gender } from '../gender.type';
import { Person } from './person.type';

@ObjectType({
  implements: [Entity, Person],
  description: 'A footballer. Relations (teams, goals, assists, appearances, claims) are batched field resolvers.',
})
export class Player extends Person implements PersonRow {}

@ObjectType({ description: "A player's figures at one World Cup, counted from the matches in the graph." })
export class WorldCupStats implements WorldCupStatsRow {
  /** Resolves `team`. */
  tournamentId!: string;
  teamId?: string | null;

  @Field(() => Int)
  tournamentYear!: number;

  @Field(() => Gender)
  gender!: Gender;

  @Field(() => Int, { description: 'Goals scored, own goals excluded.' })
  goals!: number;

  /** Assists credited; served through `assists`, null where the tournament has no assist data. */
  assists!: number;

  @Field(() => Int, { description: 'Matches played, as starter or substitute.' })
  appearances!: number;

  @Field(() => Int, { description: 'Matches started.' })
  starts!: number;

  @Field(() => Int, { description: 'Minutes played, from the line-ups (see `Appearance.minutes`).' })
  minutes!: number;
}

@ObjectType({ description: 'A player who set up goals for another, with those goals.' })
export class AssistPartner {
  playerId!: string;
  goalIds!: string[];

  @Field(() => Int, { description: 'Number of goals set up.' })
  count!: number;
}
