import { getNamedType, isListType, isNonNullType, isObjectType, type GraphQLObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../src/graph/model/model';
import { buildGraphQLSchema } from '../../src/schema/build-schema';

describe('the API of the kinds model.ts declares whole', () => {
  let query: GraphQLObjectType;
  let typeOf: (name: string) => GraphQLObjectType;
  beforeAll(async () => {
    const schema = await buildGraphQLSchema();
    query = schema.getQueryType()!;
    typeOf = (name) => {
      const type = schema.getType(name);
      if (!isObjectType(type)) throw new Error(`${name} is not an object type`);
      return type;
    };
  });

  it('gives each one an Entity type with its declared fields, a look-up by id, and a list where it is listed', () => {
    const declared = ENTITIES.filter((entity) => entity.api);
    expect(declared.map((entity) => entity.label)).toEqual(expect.arrayContaining(['Referee', 'Confederation']));
    for (const entity of declared) {
      const type = typeOf(entity.label);
      expect(type.getInterfaces().map(String)).toEqual(expect.arrayContaining(['Entity', 'Node']));
      for (const [name, description] of Object.entries(entity.api!.fields)) {
        expect(type.getFields()[name]?.description, `${entity.label}.${name}`).toBe(description);
      }
      const byId = query.getFields()[entity.label.charAt(0).toLowerCase() + entity.label.slice(1)];
      expect(getNamedType(byId!.type).name).toBe(entity.label);
      expect(byId!.args.map((arg) => arg.name)).toEqual(['id']);
    }
    expect(String(query.getFields().confederations?.type)).toBe('[Confederation!]!');
    expect(query.getFields().referees).toBeUndefined();
  });

  it('types required fields, lists and the rest as declared', () => {
    const referee = typeOf('Referee').getFields();
    expect(String(referee.name!.type)).toBe('String!');
    expect(String(referee.aliases!.type)).toBe('[String!]!');
    expect(String(referee.country!.type)).toBe('String');
  });

  it('reads relationships both ways: inverses on the target, readAs fields on a written type, none undeclared', () => {
    expect(String(typeOf('Referee').getFields().matches!.type)).toBe('[Match!]!');
    expect(String(typeOf('Confederation').getFields().teams!.type)).toBe('[Team!]!');
    const body = typeOf('Team').getFields().confederationBody!;
    expect(isNonNullType(body.type) || isListType(body.type)).toBe(false);
    expect(getNamedType(body.type).name).toBe('Confederation');
    // Match declares its referee without `readAs`: the written `referees` list reads it, not a generated field.
    expect(typeOf('Match').getFields().referee).toBeUndefined();
    expect(String(typeOf('Match').getFields().referees!.type)).toBe('[Referee!]!');
  });
});
