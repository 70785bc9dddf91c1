import { Arg, Ctx, FieldResolver, ID, Int, Query, Resolver } from 'type-graphql';
import { MAX_PATH_HOPS } from '../../graph/read/analytics/path.query';
import type { Context } from '../context';
import { Entity } from '../entity.type';
import { BadUserInputError } from '../errors';
import { Path, PathNode } from './path.type';
import { Row } from '../row.decorator';

@Resolver(() => Path)
export class PathResolver {
  @Query(() => Path, {
    nullable: true,
    description:
      'The shortest connection between two entities by id (player - match - player, player - team, coach - team ...), ' +
      'following football facts, not provenance; null when there is none within `maxHops` or an id is unknown.',
  })
  async path(
    @Arg('from', () => ID) from: string,
    @Arg('to', () => ID) to: string,
    @Arg('maxHops', () => Int, { defaultValue: 4, description: `Longest connection looked for, 1 to ${MAX_PATH_HOPS}.` })
    maxHops: number,
    @Ctx() { loaders }: Context,
  ): Promise<Path | null> {
    if (maxHops < 1 || maxHops > MAX_PATH_HOPS) {
      throw new BadUserInputError('maxHops', `must be between 1 and ${MAX_PATH_HOPS}, but got ${maxHops}`, {
        minimum: 1,
        maximum: MAX_PATH_HOPS,
      });
    }
    const path = await loaders.path({ from, to, maxHops });
    return path && { ...path, length: path.relationships.length };
  }
}

@Resolver(() => PathNode)
export class PathNodeResolver {
  @FieldResolver(() => Entity, { nullable: true, description: 'The node as its own type (Player, Match, ...).' })
  entity(@Row() node: PathNode, @Ctx() { loaders }: Context) {
    return loaders.entity.loadNow(node.id);
  }
}
