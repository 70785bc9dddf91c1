import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { Context } from '../context';
import { Node } from '../entity.type';
import { typeNameOf } from '../label-types';

@Resolver()
export class NodeResolver {
  @Query(() => Node, {
    nullable: true,
    description: 'Any entity by its id (Relay object identification); null when no entity of the API has it.',
  })
  async node(@Ctx() { loaders }: Context, @Arg('id', () => ID) id: string) {
    const row = await loaders.entity.load(id);
    // Some nodes of the graph (the assertions behind `disputes`) are no type of the API.
    return row && typeNameOf(row) ? row : null;
  }
}
