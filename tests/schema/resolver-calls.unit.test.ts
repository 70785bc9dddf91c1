import 'reflect-metadata';
import { graphql, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import { Arg, buildSchema, createParameterDecorator, Ctx, Field, FieldResolver, Info, Int, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Row } from '../../src/schema/row.decorator';

// What patches/type-graphql+2.0.0-rc.4.patch changes: how type-graphql calls a field resolver
// method. Its answers must stay those of the unpatched library, whichever path a resolver takes.

@ObjectType()
class Item {
  @Field(() => Int)
  n!: number;
}

let customReads = 0;
const CountedRow = () =>
  createParameterDecorator(({ root }) => {
    customReads++;
    return root;
  });
const LaterRow = () => createParameterDecorator(async ({ root }) => root);

@Resolver(() => Item)
class ItemResolver {
  @Query(() => [Item])
  items(): Item[] {
    return [{ n: 1 }, { n: 2 }];
  }

  @FieldResolver(() => String)
  direct(@Row() item: Item, @Ctx() context: { prefix: string }, @Info() info: GraphQLResolveInfo): string {
    return `${context.prefix}${item.n}:${info.fieldName}`;
  }

  @FieldResolver(() => Int)
  counted(@CountedRow() item: Item): number {
    return item.n;
  }

  @FieldResolver(() => Int)
  awaited(@LaterRow() item: Item, @Root('n') n: number): number {
    return item.n + n;
  }

  @FieldResolver(() => Int)
  withArgument(@Row() item: Item, @Arg('times', () => Int) times: number): number {
    return item.n * times;
  }
}

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await buildSchema({ resolvers: [ItemResolver], validate: false });
});

describe('Field resolvers, as patched', () => {
  it('are called directly with the root, context and info, each custom parameter read once per call', async () => {
    customReads = 0;
    const result = await graphql({
      schema,
      source: '{ items { direct counted awaited withArgument(times: 3) } }',
      contextValue: { prefix: '#' },
    });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      items: [
        { direct: '#1:direct', counted: 1, awaited: 2, withArgument: 3 },
        { direct: '#2:direct', counted: 2, awaited: 4, withArgument: 6 },
      ],
    });
    expect(customReads).toBe(2);
  });

  it("return the method's own value where no parameter is a promise, without type-graphql's per-call work", () => {
    const { fields } = schema.getType('Item')!.toConfig() as { fields: Record<string, { resolve?: (...args: unknown[]) => unknown }> };
    const info = { fieldName: 'direct' } as GraphQLResolveInfo;
    // Unpatched, every call sorts the method's parameters again (getParams): the patch's direct path does not.
    const sort = vi.spyOn(Array.prototype, 'sort');
    try {
      expect(fields.direct!.resolve!({ n: 7 }, {}, { prefix: '' }, info)).toBe('7:direct');
      expect(sort).not.toHaveBeenCalled();
    } finally {
      sort.mockRestore();
    }
    expect(fields.awaited!.resolve!({ n: 7 }, {}, {}, info)).toBeInstanceOf(Promise);
  });
});
