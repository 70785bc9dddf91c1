import { Field, Float, ObjectType, registerEnumType } from 'type-graphql';
import { ClaimVerdict } from '../graph/claims/claim-verdict';
import type { ClaimCheckRow, ClaimCoverageRow } from '../graph/claims/claim-checks';

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

  @Field(() => [ClaimCoverage], { description: 'One entry per kind of fact the compared figures count.' })
  coverage!: ClaimCoverage[];

  evidenceIds!: string[];
}
