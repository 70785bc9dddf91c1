import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, ID, Info, Int, Query, Resolver } from 'type-graphql';
import { City } from './city.type';
import { MatchConnection } from '../connection.type';
import { DEFAULT_PAGE_SIZE, toConnection } from '../connection.service';
import { nodeMatchPageKey, VENUE_MATCHES } from '../matches/node-match-pages';
import type { Context } from '../context';
import { Venue } from './venue.type';
import { Row } from '../row.decorator';
import { CONNECTION_ROWS, lookAhead, readAheadById } from '../selection-read-ahead';

@Resolver(() => Venue)
export class VenueResolver {
  @Query(() => Venue, { nullable: true, description: 'A stadium by id (`lusail-stadium`); null when there is none.' })
  venue(@Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo, @Arg('id', () => ID) id: string) {
    return loaders.venue.including(lookAhead(info)).loadNow(id);
  }

  @FieldResolver(() => City, { nullable: true })
  city(@Row() venue: Venue, @Ctx() { loaders }: Context, @Info() info: GraphQLResolveInfo) {
    return venue.cityId ? loaders.city.including(readAheadById(info)).loadNow(venue.cityId) : null;
  }

  @FieldResolver(() => MatchConnection, { description: 'Matches played here, by date; a Relay connection.' })
  async matches(
    @Row() venue: Venue,
    @Ctx() { loaders }: Context,
    @Info() info: GraphQLResolveInfo,
    @Arg('first', () => Int, { defaultValue: DEFAULT_PAGE_SIZE, description: 'Page size, at most 100.' }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
  ) {
    const page = await loaders[VENUE_MATCHES.loader].including(lookAhead(info, { rows: CONNECTION_ROWS })).load(
      nodeMatchPageKey(VENUE_MATCHES, venue.id, VENUE_MATCHES.query({ first, after })),
    );
    return toConnection(page, first);
  }
}
