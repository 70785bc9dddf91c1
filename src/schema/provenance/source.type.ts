import { Field, ObjectType } from 'type-graphql';
import type { SourceRow } from '../../graph/read/loaders/rows';
import { Entity } from '../entity.type';
import { SourceKind } from '../vocabulary.type';

@ObjectType({
  implements: Entity,
  description:
    'A document or data set asserting facts: every fact in the graph names its sources. The data of a source is ' +
    'served under its `licence`; reusing it means giving its `attribution`.',
})
export class Source extends Entity implements SourceRow {
  @Field({ description: 'Title of the report or name of the data set.' })
  title!: string;

  @Field(() => SourceKind)
  kind!: string;

  @Field(() => String, { nullable: true })
  publisher?: string | null;

  @Field(() => String, { nullable: true })
  url?: string | null;

  @Field(() => String, { nullable: true, description: 'Licence the source is used under.' })
  licence?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "The credit the licence requires, to show wherever this source's data is shown.",
  })
  attribution?: string | null;
}
