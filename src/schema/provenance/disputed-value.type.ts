import { Field, ObjectType } from 'type-graphql';
import { Source } from './source.type';

@ObjectType({ description: "One source's version of a disputed value." })
export class ValueVersion {
  @Field({ description: 'The value as this version states it, in string form (e.g. `55`, `New York`).' })
  value!: string;

  @Field({ description: 'Whether this is the version the graph keeps as the value of the field.' })
  preferred!: boolean;

  @Field(() => String, { nullable: true, description: 'Why this version is (or is not) preferred.' })
  reason?: string | null;

  @Field(() => [Source], { description: 'The sources stating this version.' })
  sources!: Source[];
}

@ObjectType({
  description:
    'A field the sources disagree on. The parent object shows the preferred value; every version is listed here with its sources.',
})
export class DisputedValue {
  @Field({ description: 'Name of the disputed field, e.g. `minute`, `venue`.' })
  field!: string;

  @Field(() => String, { nullable: true, description: 'The preferred value, in string form.' })
  preferred?: string | null;

  @Field(() => [ValueVersion], { description: 'Every version, the preferred one first.' })
  versions!: ValueVersion[];
}
