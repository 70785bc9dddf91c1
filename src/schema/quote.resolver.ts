import { Ctx, FieldResolver, Resolver } from 'type-graphql';
import type { Context } from './context';
import { Match } from './match.type';
import { Person } from './person.type';
import { Quote } from './quote.type';
import { Row } from './row.decorator';

@Resolver(() => Quote)
export class QuoteResolver {
  @FieldResolver(() => Person, { description: 'Who said it: a Player or a Coach.' })
  speaker(@Row() quote: Quote, @Ctx() { loaders }: Context) {
    return loaders.person.load(quote.speakerId);
  }

  @FieldResolver(() => Match, { nullable: true, description: 'The match the quote is about.' })
  match(@Row() quote: Quote, @Ctx() { loaders }: Context) {
    return quote.matchId ? loaders.match.load(quote.matchId) : null;
  }
}
