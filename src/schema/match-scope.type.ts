import { LocalDateResolver } from 'graphql-scalars';
import { ArgsType, Field, registerEnumType } from 'type-graphql';
import type { MatchScopeKey } from '../graph/read/analytics/match-scope';
import { BadUserInputError } from './errors';

export enum MatchScope {
  WORLD_CUP = 'WORLD_CUP',
  ALL_MATCHES = 'ALL_MATCHES',
}

registerEnumType(MatchScope, {
  name: 'MatchScope',
  description: 'Which matches a record counts: World Cup matches only, or every full international of every competition.',
});

/** The `scope` argument, declared once for every field that counts World Cup matches or all of them. */
@ArgsType()
export class ScopeArgs {
  @Field(() => MatchScope, { defaultValue: MatchScope.WORLD_CUP, description: 'World Cup matches, or the matches of every competition.' })
  scope!: MatchScope;
}

/** Which matches a record counts: `headToHead` and `Team.record`. */
@ArgsType()
export class RecordScopeArgs extends ScopeArgs {
  @Field(() => LocalDateResolver, { nullable: true, description: 'Only matches before this date.' })
  before?: string | null;

  @Field(() => LocalDateResolver, { nullable: true, description: 'Only matches after this date; earlier than `before`.' })
  after?: string | null;

  @Field(() => Boolean, {
    defaultValue: true,
    description: "Count each team's predecessors' matches too (West Germany's for Germany), as FIFA does; the answer names the teams it counted.",
  })
  includePredecessors!: boolean;
}

/** The loaders' key for a record's scope; BAD_USER_INPUT where no date can lie between `after` and `before`. */
export function scopeKey({ scope, before, after, includePredecessors }: RecordScopeArgs): MatchScopeKey {
  if (before != null && after != null && after >= before) {
    throw new BadUserInputError('after', `must be earlier than \`before\` (${before}), but got ${after}`);
  }
  return { allMatches: scope === MatchScope.ALL_MATCHES, before: before ?? null, after: after ?? null, predecessors: includePredecessors };
}
