import type { GraphQLResolveInfo } from 'graphql';
import { type ClassType, Ctx, FieldResolver, Info, Resolver } from 'type-graphql';
import type { AssertionRow } from '../../graph/read/loaders/rows';
import { Claim } from './claim.type';
import { Coach } from '../people/coach.type';
import type { Context } from '../context';
import { DisputedValue } from './disputed-value.type';
import { Entity } from '../entity.type';
import { Match } from '../matches/match.type';
import { Player } from '../people/player.type';
import { Source } from './source.type';
import { Team } from '../teams/team.type';
import { lookAhead } from '../selection-read-ahead';
import { Row } from '../row.decorator';

/**
 * Assertions come one per source, ordered by field, preferred first (provenance.loaders). Sources
 * stating the same value are one version: a client wants "55 (both reports)", not 55 twice.
 */
function toDisputedValues(assertions: AssertionRow[]): DisputedValue[] {
  const byField = new Map<string, DisputedValue>();
  for (const { field, value, preferred, reason, sources } of assertions) {
    let disputed = byField.get(field);
    if (!disputed) {
      disputed = { field, preferred: preferred ? value : null, versions: [] };
      byField.set(field, disputed);
    }
    const same = disputed.versions.find((version) => version.value === value && version.preferred === preferred);
    if (same) same.sources.push(...sources.filter((source) => !same.sources.some(({ id }) => id === source.id)));
    else disputed.versions.push({ value, preferred, reason, sources: [...sources] });
  }
  return [...byField.values()];
}

/**
 * `sources` and `disputes` of every `Entity`: fields of the interface, so a client can ask for them
 * on any entity (through `node(id:)` too); the implementing types inherit this resolver. Facts are
 * sourced by `SOURCED_FROM` and `HAS_ASSERTION`; a `Source` itself has neither, so its lists are empty.
 */
@Resolver(() => Entity)
export class EntityProvenanceResolver {
  @FieldResolver(() => [Source], { description: 'The sources asserting this fact.' })
  sources(@Row() fact: { id: string }, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.sourcesOf.including(lookAhead(info)).loadNow(fact.id);
  }

  @FieldResolver(() => [DisputedValue], {
    description: 'Values of this object the sources disagree on, each with every version and its sources.',
  })
  async disputes(@Row() fact: { id: string }, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return toDisputedValues(await loaders.assertionsOf.including(lookAhead(info)).load(fact.id));
  }
}

/** `claims` for the types claims are made about. */
function claimsResolver(Type: ClassType) {
  @Resolver(() => Type)
  class ClaimsResolver {
    @FieldResolver(() => [Claim], { description: 'Figures the sources claim about this, kept so they can be checked.' })
    claims(@Row() subject: { id: string }, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
      return loaders.claimsAbout.including(lookAhead(info)).loadNow(subject.id);
    }
  }
  return ClaimsResolver;
}

export const provenanceResolvers = [EntityProvenanceResolver, ...[Player, Coach, Team, Match].map(claimsResolver)];
