import { LocalDateResolver } from 'graphql-scalars';
import { Field, ObjectType } from 'type-graphql';
import type { TeamRow } from '../../graph/read/loaders/rows';
import { Entity } from '../entity.type';
import { Gender } from '../gender.type';

@ObjectType({ implements: Entity, description: "A national team; the men's and women's sides are separate teams." })
export class Team extends Entity implements TeamRow {
  @Field({ description: 'Country name, e.g. `Argentina`.' })
  name!: string;

  @Field(() => Gender)
  gender!: Gender;

  @Field(() => String, { nullable: true, description: 'FIFA three-letter code, e.g. `ARG`.' })
  code?: string | null;

  @Field(() => String, { nullable: true, description: 'Confederation, e.g. `CONMEBOL`.' })
  confederation?: string | null;

  @Field(() => [String], { description: 'Every name seen in the sources (e.g. `West Germany` for Germany).' })
  aliases!: string[];

  /** Resolve `successor` and a predecessor's period. */
  successorId?: string | null;
  activeFrom?: string | null;
  activeUntil?: string | null;
}

@ObjectType({ description: 'A team whose record another took over (West Germany for Germany), and the period it played under its name.' })
export class TeamPredecessor {
  @Field(() => Team)
  team!: Team;

  @Field(() => LocalDateResolver, { nullable: true, description: 'The first day of the period, as the sources state it.' })
  from?: string | null;

  @Field(() => LocalDateResolver, { nullable: true, description: 'The last day of the period.' })
  to?: string | null;
}
