import { Field, Float, ObjectType, registerEnumType } from 'type-graphql';
import { ClaimVerdict } from '../../graph/read/claims/claim-verdict';
import type { ClaimCheckRow, ClaimCoverageRow, ClaimPartRow } from '../../graph/read/claims/claim-checks';

registerEnumType(ClaimVerdict, {
  name: 'ClaimVerdict',
  description: "How the graph's figure compares with the claim's, given how much of the claim's scope the data covers.",
  valuesConfig: {
    CONFIRMED: { description: "The graph's figures equal the claim's, over data covering the whole scope." },
    CONTRADICTED: { description: "A figure differs and the data behind the graph's figure covers the whole scope." },
    PARTIAL_DATA: { description: 'The data does not cover the whole scope (see `coverage`): no verdict either way.' },
    NOT_COMPUTABLE: { description: 'The graph holds nothing to compute the figure from (FIFA rankings, all competitions).' },
  },
});

@ObjectType({ description: 'How much of one kind of fact the graph holds for a claim, tournament by tournament.' })
export class ClaimCoverage implements Omit<ClaimCoverageRow, 'facts'> {
  @Field({ description: '`results`, `goals`, `assists` or `lineups`.' })
  facts!: string;

  @Field({ description: 'Whether every tournament in scope holds all of these facts up to the claim\'s "as of" match.' })
  complete!: boolean;

  coveredTournamentIds!: string[];
  uncoveredTournamentIds!: string[];
}

@ObjectType({ description: "One number a claim states, the graph's figure for it and the verdict on that number alone." })
export class ClaimPart implements ClaimPartRow {
  @Field(() => String, { nullable: true, description: "The number's label in the claim (`valueLabels`); null for the claim's `value`." })
  label!: string | null;

  @Field(() => Float, { description: 'The number the claim states.' })
  stated!: number;

  @Field(() => Float, { nullable: true, description: "The graph's figure for it; null where it computes none." })
  computed!: number | null;

  @Field(() => ClaimVerdict, { description: 'CONTRADICTED when this number differs over data covering the scope.' })
  verdict!: ClaimVerdict;
}

@ObjectType({ description: "The graph's own figure for a claim, its verdict and the facts it counted." })
export class ClaimCheck implements Omit<ClaimCheckRow, 'coverage'> {
  @Field(() => String, { nullable: true, description: 'The named computation behind the metric; null when none.' })
  computation!: string | null;

  @Field(() => Float, { nullable: true, description: "The graph's figure for the claim's `value`, over every fact the graph holds." })
  value!: number | null;

  @Field(() => [Float], { nullable: 'itemsAndList', description: "The graph's figure for each of the claim's `values`; null where it computes none." })
  values!: Array<number | null> | null;

  @Field(() => ClaimVerdict)
  verdict!: ClaimVerdict;

  @Field(() => [ClaimPart], { description: 'Every number the claim states (`value`, then `values`), each with its own verdict: which part differs.' })
  parts!: ClaimPart[];

  @Field(() => [ClaimCoverage], { description: 'One entry per kind of fact the compared figures count.' })
  coverage!: ClaimCoverage[];

  evidenceIds!: string[];
}
