import { readFileSync } from 'node:fs';
import { buildSchema, getNamedType, isLeafType, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SCHEMA_FILE } from '../../src/schema/build-schema';
import { levelByLevelFields, readsAhead, whyNotReadAhead } from '../../src/schema/selection-read-ahead';

const schema = buildSchema(readFileSync(SCHEMA_FILE, 'utf8'));
/** `Type.field` of every field of an object type that has a selection of its own. */
const relationFields = Object.values(schema.getTypeMap())
  .filter((type) => isObjectType(type) && !type.name.startsWith('__') && type !== schema.getQueryType() && type !== schema.getMutationType())
  .flatMap((type) => Object.values((type as ReturnType<typeof schema.getQueryType> & object).getFields())
    .filter((field) => !isLeafType(getNamedType(field.type)))
    .map((field) => ({ type, name: `${type.name}.${field.name}`, field: field.name })));

describe('the look-ahead table', () => {
  it('reads ahead every relation field of the schema, or says in its one table why not', () => {
    const undeclared = relationFields.filter(({ type, field }) => !readsAhead(type, field) && whyNotReadAhead(type.name, field) === undefined);
    expect(undeclared.map(({ name }) => name)).toEqual([]);
  });

  it('gives no field both ways', () => {
    const both = relationFields.filter(({ type, field }) => readsAhead(type, field) && whyNotReadAhead(type.name, field) !== undefined);
    expect(both.map(({ name }) => name)).toEqual([]);
  });

  it('names only fields the schema has', () => {
    const known = new Set(relationFields.map(({ name }) => name));
    expect([...levelByLevelFields()].filter((name) => !known.has(name))).toEqual([]);
    expect(levelByLevelFields().has('Team.record')).toBe(true);
    expect(levelByLevelFields().has('Venue.matches')).toBe(false);
    expect(levelByLevelFields().has('Match.goals')).toBe(false);
  });
});
