import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, Info, Query, Resolver } from 'type-graphql';
import { isClaimComputable } from '../../graph/read/claims/claim-checks';
import { loadExisting } from '../../graph/read/loaders/batched-loader';
import { EVERY_CLAIM } from '../../graph/read/loaders/claim.loaders';
import { ClaimCheck, ClaimCoverage } from './claim-check.type';
import { Claim, ClaimAbout, ClaimFilter } from './claim.type';
import type { Context } from '../context';
import { Entity } from '../entity.type';
import { BadUserInputError } from '../errors';
import { Tournament } from '../tournaments/tournament.type';
import { Row } from '../row.decorator';
import { readAheadById } from '../selection-read-ahead';

@Resolver(() => Claim)
export class ClaimResolver {
  @Query(() => [Claim], { description: 'Every claim of the sources with its check, by id; filtered by verdict, entity or source.' })
  async claims(
    @Ctx() { loaders }: Context,
    @Arg('filter', () => ClaimFilter, { nullable: true }) filter: ClaimFilter | null,
  ) {
    const [checked, about, source] = await Promise.all([
      loaders.everyCheckedClaim.load(EVERY_CLAIM),
      filter?.about ? loaders.entity.load(filter.about) : undefined,
      filter?.source ? loaders.source.load(filter.source) : undefined,
    ]);
    if (about === null) throw new BadUserInputError('filter.about', 'names no entity of the graph.');
    if (source === null) throw new BadUserInputError('filter.source', 'names no source of the graph.');
    return checked
      .filter(({ claim, check }) =>
        (!filter?.verdict || check.verdict === filter.verdict) &&
        (!filter?.about || claim.about.some((entry) => entry.id === filter.about)) &&
        (!filter?.source || claim.sourceIds.includes(filter.source)))
      .map(({ claim }) => claim);
  }

  @FieldResolver(() => Entity, { nullable: true, description: 'What the claim is mainly about (role `subject`).' })
  subject(@Row() claim: Claim, @Ctx() { loaders }: Context) {
    const subject = claim.about.find((about) => about.role === 'subject') ?? claim.about[0];
    return subject ? loaders.entity.loadNow(subject.id) : null;
  }

  @FieldResolver(() => [ClaimAbout], { description: 'Every entity the claim is about, with its role (`as-of`: nothing after that match counts).' })
  about(@Row() claim: Claim): ClaimAbout[] {
    return claim.about;
  }

  @FieldResolver(() => Boolean, { description: 'Whether the graph has a computation for the metric (see `check`).' })
  checkable(@Row() claim: Claim): boolean {
    return isClaimComputable(claim.metric);
  }

  @FieldResolver(() => ClaimCheck, { description: "The graph's own figure, the verdict, the coverage and the facts counted; computed once per data version." })
  async check(@Row() claim: Claim, @Ctx() { loaders }: Context) {
    const checked = await loaders.claimCheck.load(claim.id);
    if (!checked) throw new Error(`claim ${claim.id} has no check: the claims changed while the request ran`);
    return checked.check;
  }
}

@Resolver(() => ClaimAbout)
export class ClaimAboutResolver {
  @FieldResolver(() => Entity)
  entity(@Row() about: ClaimAbout, @Ctx() { loaders }: Context) {
    return loaders.entity.loadNow(about.id);
  }
}

@Resolver(() => ClaimCheck)
export class ClaimCheckResolver {
  @FieldResolver(() => [Entity], { description: 'The facts the figures counted: goals, matches, people, tournaments.' })
  evidence(@Row() check: ClaimCheck, @Ctx() { loaders }: Context) {
    return loadExisting(loaders.entity, check.evidenceIds);
  }
}

@Resolver(() => ClaimCoverage)
export class ClaimCoverageResolver {
  @FieldResolver(() => [Tournament], { description: 'Tournaments in scope whose data of this kind is complete.' })
  covered(@Row() coverage: ClaimCoverage, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loadExisting(loaders.tournament.including(readAheadById(info)), coverage.coveredTournamentIds);
  }

  @FieldResolver(() => [Tournament], { description: 'Tournaments in scope whose data of this kind is missing or incomplete.' })
  uncovered(@Row() coverage: ClaimCoverage, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loadExisting(loaders.tournament.including(readAheadById(info)), coverage.uncoveredTournamentIds);
  }
}
