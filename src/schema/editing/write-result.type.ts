import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Entity } from '../entity.type';
import { PageInfo } from '../connection.type';

@ObjectType({
  description:
    'One field of one entity as a write left it. `field` is a property (`minute`), a relationship made or removed ' +
    '(`SCORED`: `after` is the other end), or a source\'s version of a disputed value (`minute@my-report`, marked ' +
    '"(preferred)" when it is the value the graph keeps).',
})
export class Change {
  @Field(() => ID, { description: 'The id of the entity changed; kept when the entity is gone (a dry run\'s new match, a retraction).' })
  entityId!: string;

  @Field(() => Entity, { nullable: true, description: 'The entity, when the graph holds it now.' })
  entity?: Entity | null;

  @Field()
  field!: string;

  @Field(() => String, { nullable: true, description: 'The value before the write; null when there was none.' })
  before!: string | null;

  @Field(() => String, { nullable: true, description: 'The value after the write; null when there is none.' })
  after!: string | null;
}

@ObjectType({ description: 'What a write did, or, with `dryRun`, would do.' })
export class WriteResult {
  @Field({ description: 'The data version after the write (the one responses and ETags are keyed by); unchanged by a dry run.' })
  dataVersion!: string;

  @Field({ description: 'Whether nothing was written.' })
  dryRun!: boolean;

  @Field(() => ID, { description: 'The source the write was made in the name of.' })
  sourceId!: string;

  @Field(() => [Change])
  changes!: Change[];
}

@ObjectType({ description: 'One write through the API, as the audit trail keeps it.' })
export class EditRecord {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'When it was written (ISO-8601, UTC).' })
  at!: string;

  @Field({ description: 'The name of the token (or the subject of the JWT) that wrote it.' })
  by!: string;

  @Field({ description: '`assertFact`, `recordMatchReport` or `retractSource`.' })
  operation!: string;

  @Field(() => ID)
  sourceId!: string;

  @Field({ description: 'Whether its source has been retracted since (the write undone).' })
  retracted!: boolean;

  @Field({ description: 'The data version the write left.' })
  dataVersion!: string;

  @Field(() => [Change])
  changes!: Change[];
}

@ObjectType({ description: 'A page of the audit trail, newest first.' })
export class EditRecordConnection {
  @Field(() => [EditRecord])
  nodes!: EditRecord[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;

  @Field(() => Int, { description: 'Records on this page.' })
  count!: number;
}
