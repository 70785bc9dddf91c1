import { Arg, Ctx, FieldResolver, Int, Query, Resolver } from 'type-graphql';
import { fold } from '../../graph/model/fold';
import { checkFirst } from '../connection.service';
import type { Context } from '../context';
import { Entity } from '../entity.type';
import { typeNameOf } from '../label-types';
import { BadUserInputError } from '../errors';
import { SearchHit } from './search.type';
import { Row } from '../row.decorator';

const DEFAULT_HITS = 10;

@Resolver(() => SearchHit)
export class SearchResolver {
  @Query(() => [SearchHit], {
    description:
      'Players, coaches, teams, venues, cities, tournaments and matches whose names contain the words, best first. ' +
      'Accents, case and punctuation are folded ("Fernandez" finds "Fernández", "Odeg" finds "Ødegaard"); a word also matches as a prefix.',
  })
  async search(
    @Arg('text') text: string,
    @Arg('first', () => Int, { defaultValue: DEFAULT_HITS, description: 'Most hits returned, at most 100.' }) first: number,
    @Ctx() { loaders }: Context,
  ): Promise<SearchHit[]> {
    if (!fold(text)) {
      // Names are indexed folded to Latin letters and digits: other text could match nothing.
      throw new BadUserInputError('text', `must contain a Latin letter (accents allowed) or a digit, but got ${JSON.stringify(text)}`);
    }
    const hits = await loaders.search({ text, first: checkFirst(first) });
    return hits.map((hit) => ({ ...hit, type: typeNameOf(hit) ?? hit.labels[0] }));
  }

  @FieldResolver(() => Entity, { nullable: true })
  entity(@Row() hit: SearchHit, @Ctx() { loaders }: Context) {
    return loaders.entity.loadNow(hit.id);
  }
}
