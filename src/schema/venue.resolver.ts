import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { City } from './city.type';
import type { Context } from './context';
import { Venue } from './venue.type';

@Resolver(() => Venue)
export class VenueResolver {
  @FieldResolver(() => City, { nullable: true })
  city(@Root() venue: Venue, @Ctx() { loaders }: Context) {
    return venue.cityId ? loaders.city.load(venue.cityId) : null;
  }
}
