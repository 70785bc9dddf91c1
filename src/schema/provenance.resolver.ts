import { type ClassType, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { AssertionRow } from '../graph/loaders/rows';
import { Claim } from './claim.type';
import { Booking } from './booking.type';
import { City } from './city.type';
import { Coach } from './coach.type';
import type { Context } from './context';
import { DisputedValue } from './disputed-value.type';
import { Goal } from './goal.type';
import { Match } from './match.type';
import { Player } from './player.type';
import { PublicFigure } from './public-figure.type';
import { Quote } from './quote.type';
import { Source } from './source.type';
import { Stage } from './stage.type';
import { Substitution } from './substitution.type';
import { Team } from './team.type';
import { TournamentEntry } from './tournament-entry.type';
import { Tournament } from './tournament.type';
import { Venue } from './venue.type';

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
 * `sources` and `disputes` for a node type whose facts are sourced by `SOURCED_FROM` and
 * `HAS_ASSERTION`; one resolver class per type, from one definition.
 */
function provenanceResolver(Type: ClassType) {
  @Resolver(() => Type)
  class ProvenanceResolver {
    @FieldResolver(() => [Source], { description: 'The sources asserting this fact.' })
    sources(@Root() fact: { id: string }, @Ctx() { loaders }: Context) {
      return loaders.sourcesOf.load(fact.id);
    }

    @FieldResolver(() => [DisputedValue], {
      description: 'Values of this object the sources disagree on, each with every version and its sources.',
    })
    async disputes(@Root() fact: { id: string }, @Ctx() { loaders }: Context) {
      return toDisputedValues(await loaders.assertionsOf.load(fact.id));
    }
  }
  return ProvenanceResolver;
}

/** `claims` for the types claims are made about. */
function claimsResolver(Type: ClassType) {
  @Resolver(() => Type)
  class ClaimsResolver {
    @FieldResolver(() => [Claim], { description: 'Figures the sources claim about this, kept so they can be checked.' })
    claims(@Root() subject: { id: string }, @Ctx() { loaders }: Context) {
      return loaders.claimsAbout.load(subject.id);
    }
  }
  return ClaimsResolver;
}

export const provenanceResolvers = [
  ...[Player, Coach, PublicFigure, Team, Tournament, TournamentEntry, Stage, Venue, City, Match, Goal, Substitution, Booking, Quote, Claim]
    .map(provenanceResolver),
  ...[Player, Coach, Team, Match].map(claimsResolver),
];
