import { LocalDateResolver } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import type { TournamentRow } from '../../graph/read/loaders/rows';
import { Entity } from '../entity.type';
import { Gender } from '../gender.type';

@ObjectType({ implements: Entity, description: "One FIFA World Cup (men's or women's)." })
export class Tournament extends Entity implements TournamentRow {
  /** Resolves `winner`. */
  winnerTeamId?: string | null;

  @Field(() => Int)
  year!: number;

  @Field(() => Gender)
  gender!: Gender;

  @Field({ description: 'e.g. `2026 FIFA World Cup`.' })
  name!: string;

  @Field(() => [String], { description: 'Host countries.' })
  hosts!: string[];

  @Field(() => LocalDateResolver, { nullable: true, description: 'Date of the opening match.' })
  startDate?: string | null;

  @Field(() => LocalDateResolver, { nullable: true, description: 'Date of the final.' })
  endDate?: string | null;
}
