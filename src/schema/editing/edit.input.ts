import { Field, ID, InputType, Int } from 'type-graphql';

@InputType({ description: 'The source a write is made in the name of: a new report, or one this API made before (by `id`).' })
export class SourceInput {
  @Field(() => ID, { nullable: true, description: 'Kebab-case; made from the title when left out.' })
  id?: string | null;

  @Field()
  title!: string;

  @Field(() => String, { nullable: true })
  url?: string | null;

  @Field(() => String, { nullable: true })
  publisher?: string | null;
}

@InputType({ description: 'One fact of one entity, as a source states it.' })
export class AssertFactInput {
  @Field(() => ID, { description: 'The entity, e.g. a goal `wc-2026-men-semi-final-argentina-v-england-goal-1`.' })
  entity!: string;

  @Field({ description: 'A field sources can dispute: `minute`, `penalty`, `scorer`, `homeScore`, `birthDate`...' })
  field!: string;

  @Field({ description: 'The value as text: `57`, `90+2`, `true`, `2026-07-15`, or an entity id for `scorer`/`assist`/`venue`/`winner`.' })
  value!: string;

  @Field(() => SourceInput)
  source!: SourceInput;
}

@InputType({
  description: 'The match a report is about: by id, or by teams and date; when the graph holds none, a new one is made from tournament and stage (a World Cup match) or from competition (any other).',
})
export class MatchRefInput {
  @Field(() => ID, { nullable: true })
  id?: string | null;

  @Field(() => ID, { nullable: true })
  homeTeam?: string | null;

  @Field(() => ID, { nullable: true })
  awayTeam?: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  date?: string | null;

  @Field(() => ID, { nullable: true })
  tournament?: string | null;

  @Field(() => String, { nullable: true, description: 'A stage slug: `group-stage`, `round-of-16`, `final`...' })
  stage?: string | null;

  @Field(() => String, { nullable: true, description: 'A competition of the graph\'s matches, as `Match.competition` names it: `Friendly`, `Copa América`...' })
  competition?: string | null;

  @Field(() => String, { nullable: true, description: 'Where it was played, as reports name the place (`London`).' })
  city?: string | null;
}

@InputType({ description: 'A goal; people by id or by name as the report spells them.' })
export class GoalReportInput {
  @Field(() => ID, { description: 'The team the goal counts for.' })
  team!: string;

  @Field({ description: '`55`, `90+2`' })
  minute!: string;

  @Field()
  scorer!: string;

  @Field(() => String, { nullable: true })
  assist?: string | null;

  @Field(() => Boolean, { nullable: true })
  penalty?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  ownGoal?: boolean | null;
}

@InputType()
export class SubstitutionReportInput {
  @Field()
  minute!: string;

  @Field({ description: 'The player coming on.' })
  on!: string;

  @Field(() => String, { nullable: true, description: 'The player going off.' })
  off?: string | null;
}

@InputType({ description: "A team's line-up: its starters and its substitutions." })
export class LineupReportInput {
  @Field(() => ID)
  team!: string;

  @Field(() => [String])
  starters!: string[];

  @Field(() => [SubstitutionReportInput], { nullable: true })
  substitutions?: SubstitutionReportInput[] | null;
}

@InputType()
export class CardReportInput {
  @Field(() => ID)
  team!: string;

  @Field()
  player!: string;

  @Field()
  minute!: string;

  @Field({ description: '`yellow`, `red` or `second-yellow`' })
  card!: string;
}

@InputType({ description: 'A match report: the match, its score, goals, line-ups, substitutions and cards, and the report as their source.' })
export class MatchReportInput {
  @Field(() => MatchRefInput)
  match!: MatchRefInput;

  @Field(() => String, { nullable: true, description: 'HH:MM' })
  kickoff?: string | null;

  @Field(() => ID, { nullable: true })
  venue?: string | null;

  @Field(() => Int, { nullable: true })
  homeScore?: number | null;

  @Field(() => Int, { nullable: true })
  awayScore?: number | null;

  @Field(() => Boolean, { nullable: true })
  extraTime?: boolean | null;

  @Field(() => [GoalReportInput], { nullable: true, description: 'In the order they were scored.' })
  goals?: GoalReportInput[] | null;

  @Field(() => [LineupReportInput], { nullable: true })
  lineups?: LineupReportInput[] | null;

  @Field(() => [CardReportInput], { nullable: true })
  cards?: CardReportInput[] | null;

  @Field(() => SourceInput)
  source!: SourceInput;
}
