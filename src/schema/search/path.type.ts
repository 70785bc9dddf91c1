import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { PathNodeRow, PathRelationshipRow, PathRow } from '../../graph/read/analytics/path.query';

@ObjectType({ description: 'A node on a path, with enough to draw it; `entity` has the rest.' })
export class PathNode implements PathNodeRow {
  @Field(() => ID)
  id!: string;

  @Field(() => [String], { description: 'Neo4j labels, e.g. `Person`, `Player`.' })
  labels!: string[];

  @Field(() => String, { nullable: true, description: 'A display name; matches read "Home v Away, date".' })
  name!: string | null;
}

@ObjectType({ description: 'A relationship on a path, in its stored direction (`from` -> `to`).' })
export class PathRelationship implements PathRelationshipRow {
  @Field({ description: 'e.g. `PLAYED_IN`, `SET_UP`, `HOME_TEAM`, `COACH_OF`.' })
  type!: string;

  @Field(() => ID, { description: 'Id of the start node.' })
  from!: string;

  @Field(() => ID, { description: 'Id of the end node.' })
  to!: string;

  @Field(() => GraphQLJSONObject, {
    description: 'The stored properties: e.g. `starter`, `minuteOn`, `minutes` of a PLAYED_IN; `sources` lists source ids.',
  })
  properties!: Record<string, unknown>;
}

@ObjectType({ description: 'The shortest connection between two entities.' })
export class Path implements PathRow {
  @Field(() => Int, { description: 'Number of relationships (hops).' })
  length!: number;

  @Field(() => [PathNode], { description: 'From `from` to `to`, in order.' })
  nodes!: PathNode[];

  @Field(() => [PathRelationship], { description: '`relationships[i]` joins `nodes[i]` and `nodes[i + 1]`.' })
  relationships!: PathRelationship[];
}
