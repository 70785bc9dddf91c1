import { Field, Float, InputType, ObjectType } from 'type-graphql';
import { ClaimVerdict } from '../../graph/read/claims/claim-verdict';
import type { ClaimRow } from '../../graph/read/loaders/rows';
import { Entity } from '../entity.type';

@ObjectType({
  implements: Entity,
  description: 'A figure a source states (a record, a tally), kept as stated so it can be checked.',
})
export class Claim extends Entity implements ClaimRow {
  about!: Array<{ id: string; role: string }>;

  @Field({ description: 'The claim in our own words.' })
  statement!: string;

  @Field({ description: 'What is measured, e.g. `world-cup-assists`.' })
  metric!: string;

  @Field(() => Float, { nullable: true, description: 'The stated figure, for single-number claims.' })
  value?: number | null;

  @Field(() => String, { nullable: true, description: 'Unit of `value`, e.g. `assists`.' })
  unit?: string | null;

  @Field(() => [Float], { nullable: true, description: 'Several figures, e.g. W-D-L 6-2-6; see `valueLabels`.' })
  values?: number[] | null;

  @Field(() => [String], { nullable: true, description: 'What each of `values` counts, e.g. `won`, `drawn`, `lost`.' })
  valueLabels?: string[] | null;

  @Field(() => String, { nullable: true, description: 'Scope, e.g. `world-cup`, `all-competitions`.' })
  scope?: string | null;
}

@ObjectType({ description: 'An entity a claim is about, and in what role.' })
export class ClaimAbout {
  id!: string;

  @Field({ description: '`subject`, `opponent`, ...' })
  role!: string;
}

@InputType({ description: 'Which claims to list; every condition given must hold.' })
export class ClaimFilter {
  @Field(() => ClaimVerdict, { nullable: true })
  verdict?: ClaimVerdict | null;

  @Field(() => String, { nullable: true, description: 'The id of an entity the claim is about (any role).' })
  about?: string | null;

  @Field(() => String, { nullable: true, description: 'The id of a source stating the claim.' })
  source?: string | null;
}
