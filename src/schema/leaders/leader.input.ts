import { Field, InputType, Int, registerEnumType } from 'type-graphql';
import { Gender } from '../gender.type';
import { StageSlug } from '../vocabulary.type';

export enum LeaderMetric {
  GOALS = 'GOALS',
  ASSISTS = 'ASSISTS',
  APPEARANCES = 'APPEARANCES',
  MINUTES = 'MINUTES',
  CARDS = 'CARDS',
}

registerEnumType(LeaderMetric, {
  name: 'LeaderMetric',
  description: 'What a leaderboard counts, and where the graph has it.',
  valuesConfig: {
    GOALS: {
      description:
        "Goals scored, own goals excluded; every World Cup (Fjelstul 1930-2022, openfootball 2026) and, with `scope: ALL_MATCHES`, the men's internationals whose scorers the international results name.",
    },
    ASSISTS: {
      description: 'Assists; only where a source records them (the match reports and line-up sources), never in Fjelstul: a low count may be missing data.',
    },
    APPEARANCES: {
      description:
        'World Cup matches played (credited by the World Cup entry, in either scope); complete only where a source gives line-ups. Without them, only substitutes and substituted starters are known.',
    },
    MINUTES: {
      description: 'Minutes played: `PLAYED_IN.minutes` where a source states it, else from minute on and off (90, or 120 with extra time, for a full match). Coverage as APPEARANCES.',
    },
    CARDS: { description: 'Yellow, second yellow and red cards; Fjelstul records them from 1970, when cards were introduced.' },
  },
});

@InputType({ description: 'Which matches a leaderboard counts; every condition given must hold.' })
export class LeaderFilter {
  @Field(() => [Int], { nullable: true, description: 'Only these World Cups.' })
  tournamentYears?: number[] | null;

  @Field(() => Gender, { nullable: true, description: "Only the men's or the women's World Cups; also picks the team a name means." })
  gender?: Gender | null;

  @Field(() => String, { nullable: true, description: 'Only for this team, by id or name.' })
  team?: string | null;

  @Field(() => StageSlug, { nullable: true, description: 'Only matches of this stage.' })
  stage?: string | null;
}
