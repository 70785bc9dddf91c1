import { isObjectType, type GraphQLSchema } from 'graphql';
import { getMetadataStorage } from 'type-graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildGraphQLSchema } from '../../src/schema/build-schema';

describe('buildGraphQLSchema', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await buildGraphQLSchema();
  });

  const field = (type: string, name: string) => {
    const object = schema.getType(type);
    if (!isObjectType(object)) throw new Error(`${type} is not an object type`);
    return object.getFields()[name]!;
  };

  it('reads plain fields as properties of the row, and keeps the resolvers of relations and arguments', () => {
    for (const [type, name] of [['Match', 'date'], ['Match', 'stage'], ['Goal', 'minute'], ['Tournament', 'year'], ['Player', 'name']]) {
      expect(field(type, name!).resolve, `${type}.${name}`).toBeUndefined();
    }
    expect(field('Goal', 'match').resolve).toBeTypeOf('function');
    expect(field('Player', 'goals').resolve).toBeTypeOf('function');
    // Arguments are bounded even where the field reads a property (argument-bounds.ts).
    expect(field('Query', 'matches').resolve).toBeTypeOf('function');
  });

  it('refuses a field whose middleware a property read would skip', async () => {
    const { fields } = getMetadataStorage();
    const [template] = fields;
    fields.push({ ...template!, name: 'guarded', schemaName: 'guarded', middlewares: [async () => undefined] });
    try {
      await expect(buildGraphQLSchema()).rejects.toThrow(/guarded: middlewares, roles and a schema name of its own/);
    } finally {
      fields.pop();
    }
  });
});
