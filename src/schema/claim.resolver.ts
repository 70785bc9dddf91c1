import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { Claim, ClaimAbout } from './claim.type';
import type { Context } from './context';
import { Entity } from './entity.type';

@Resolver(() => Claim)
export class ClaimResolver {
  @FieldResolver(() => Entity, { nullable: true, description: 'What the claim is mainly about (role `subject`).' })
  subject(@Root() claim: Claim, @Ctx() { loaders }: Context) {
    const subject = claim.about.find((about) => about.role === 'subject') ?? claim.about[0];
    return subject ? loaders.entity.load(subject.id) : null;
  }

  @FieldResolver(() => [ClaimAbout], { description: 'Every entity the claim is about, with its role.' })
  about(@Root() claim: Claim): ClaimAbout[] {
    return claim.about;
  }
}

@Resolver(() => ClaimAbout)
export class ClaimAboutResolver {
  @FieldResolver(() => Entity)
  entity(@Root() about: ClaimAbout, @Ctx() { loaders }: Context) {
    return loaders.entity.load(about.id);
  }
}
