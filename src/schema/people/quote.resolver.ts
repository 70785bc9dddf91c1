import type { GraphQLResolveInfo } from 'graphql';
import { Ctx, FieldResolver, Info, Resolver } from 'type-graphql';
import type { Context } from '../context';
import { Match } from '../matches/match.type';
import { Person } from './person.type';
import { Quote } from './quote.type';
import { Row } from '../row.decorator';
import { readAheadById } from '../selection-read-ahead';

@Resolver(() => Quote)
export class QuoteResolver {
  @FieldResolver(() => Person, { description: 'Who said it: a Player or a Coach.' })
  speaker(@Row() quote: Quote, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return loaders.person.including(readAheadById(info)).loadNow(quote.speakerId);
  }

  @FieldResolver(() => Match, { nullable: true, description: 'The match the quote is about.' })
  match(@Row() quote: Quote, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return quote.matchId ? loaders.match.including(readAheadById(info)).loadNow(quote.matchId) : null;
  }
}
