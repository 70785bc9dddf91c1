import { readFileSync } from 'node:fs';
import { Neo4jGraphQL } from '@neo4j/graphql';
import { buildSchema, parse, validate, type GraphQLSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { neo4jGraphqlHas, shapeQuery } from '../../bench/neo4j-graphql-shapes';
import { NEO4J_GRAPHQL_TYPE_DEFS } from '../../bench/neo4j-graphql-type-defs';
import { generateShapes, LEFT_OUT, MIN_SHAPES, rootArguments, SHAPES_DEFAULT_SEED, withinLimits } from '../../bench/query-shapes';
import { benchShapeSet, levelByLevelIn } from '../../bench/shape-bench';
import { SCHEMA_FILE } from '../../src/schema/build-schema';

const schema = buildSchema(readFileSync(SCHEMA_FILE, 'utf8'));
/** Every root field but those the generator leaves out, each with its reason. */
const rootFields = Object.keys(schema.getQueryType()!.getFields()).filter((field) => !LEFT_OUT[`Query.${field}`]);
const shapes = generateShapes(schema, SHAPES_DEFAULT_SEED);

describe('generated query shapes', () => {
  it('are the same for the same seed, and others for another', () => {
    expect(generateShapes(schema, SHAPES_DEFAULT_SEED).map((shape) => shape.query)).toEqual(shapes.map((shape) => shape.query));
    const other = generateShapes(schema, SHAPES_DEFAULT_SEED + 1).map((shape) => shape.query);
    expect(other.filter((query) => shapes.some((shape) => shape.query === query)).length).toBeLessThan(shapes.length / 2);
  });

  it('cover every root field of the schema, each with declared arguments', () => {
    expect(rootFields.filter((field) => !rootArguments(schema.getQueryType()!.getFields()[field]!))).toEqual([]);
    expect(new Set(shapes.map((shape) => shape.root.field))).toEqual(new Set(rootFields));
  });

  it('are valid documents the API accepts, with names of their own', () => {
    expect(shapes.length).toBeGreaterThanOrEqual(Math.max(MIN_SHAPES, rootFields.length));
    for (const shape of shapes) {
      expect(validate(schema, parse(shape.query)), shape.query).toEqual([]);
      expect(withinLimits(schema, shape.query)).toBe(true);
    }
    expect(new Set(shapes.map((shape) => shape.name)).size).toBe(shapes.length);
  });

  it('go two to four levels deep, with lists under lists, fragments, aliases and nested arguments', () => {
    const deep = shapes.filter((shape) => shape.depth >= 2);
    expect(deep.length).toBeGreaterThan(shapes.length / 2);
    expect(Math.max(...shapes.map((shape) => shape.depth))).toBeGreaterThanOrEqual(4);
    expect(shapes.filter((shape) => shape.listUnderList).length).toBeGreaterThanOrEqual(10);
    expect(new Set(shapes.filter((shape) => shape.depth >= 3).map((shape) => shape.root.field)).size).toBeGreaterThanOrEqual(4);
    const all = shapes.map((shape) => shape.query).join('\n');
    expect(all).toMatch(/^fragment \w+ on \w+/m);
    expect(all).toMatch(/\b\w+\d+: \w+/);
    // An argument on a field below the root.
    expect(shapes.some((shape) => /\{[^}]*\b\w+\((first|tournamentYears|includeOwnGoals|opponent): /.test(shape.query))).toBe(true);
  });

  it('pick up a field added to the schema', () => {
    const grown = buildSchema(readFileSync(SCHEMA_FILE, 'utf8').replace('type Team implements Entity & Node {', 'type Team implements Entity & Node {\n  nickname: String'));
    const queries = [1, 2, 3, 4, 5].flatMap((seed) => generateShapes(grown, seed).map((shape) => shape.query));
    expect(queries.some((query) => /\bnickname\b/.test(query))).toBe(true);
  });
});

describe('shapes asked of @neo4j/graphql', () => {
  let neo4jSchema: GraphQLSchema;
  beforeAll(async () => {
    neo4jSchema = await new Neo4jGraphQL({ typeDefs: NEO4J_GRAPHQL_TYPE_DEFS }).getSchema();
  });

  it('are at least twenty it answers, each a valid document of its schema', () => {
    const comparable = benchShapeSet(schema, SHAPES_DEFAULT_SEED).filter((query) => query.neo4jGraphqlExpressible);
    expect(comparable.length).toBeGreaterThanOrEqual(20);
    for (const query of comparable) expect(validate(neo4jSchema, parse(query.neo4jGraphql.query)), query.neo4jGraphql.query).toEqual([]);
    expect(comparable.filter((query) => query.shape.listUnderList).length).toBeGreaterThanOrEqual(10);
  });

  it('map its answer to this API shape: to-one lists as their element, pages around their rows, lists as sets', () => {
    const [shape] = generateShapes(schema, 3, { allow: (type, field) => neo4jGraphqlHas(type, field) && (type !== 'Query' || field === 'team') });
    const query = shapeQuery({ ...shape!, root: { ...shape!.root, args: { id: '"argentina-men"' }, selections: [
      { field: 'name', args: {}, type: 'String', list: false, selections: [] },
      { field: 'matches', alias: 'recent', args: { first: '2' }, type: 'MatchConnection', list: false, selections: [
        { field: 'nodes', args: {}, type: 'Match', list: true, selections: [
          { field: 'id', args: {}, type: 'ID', list: false, selections: [] },
          { field: 'homeTeam', args: {}, type: 'Team', list: false, selections: [{ field: 'name', args: {}, type: 'String', list: false, selections: [] }] },
        ] },
      ] },
    ] } });
    expect(query.neo4jGraphql.query).toBe(
      'query { team: teams(where: { id: { eq: "argentina-men" } }) { name: name recent: matches(first: 2) { id: id homeTeam: homeTeam { name: name } } } }',
    );
    const answer = { team: [{ name: 'Argentina', recent: [{ id: 'b', homeTeam: [{ name: 'Peru' }] }, { id: 'a', homeTeam: [{ name: 'France' }] }] }] };
    expect(query.normalise(query.fromNeo4jGraphql(answer))).toEqual({
      team: { name: 'Argentina', recent: { nodes: [{ id: 'a', homeTeam: { name: 'France' } }, { id: 'b', homeTeam: { name: 'Peru' } }] } },
    });
  });

  it('refuses what it cannot express: a name look-up, an interface, a field it lacks', () => {
    const byName = shapes.find((shape) => shape.root.field === 'search')!;
    expect(shapeQuery(byName).neo4jGraphqlExpressible).toBe(false);
    expect(neo4jGraphqlHas('Team', 'opponents')).toBe(false);
    expect(neo4jGraphqlHas('Team', 'coaches')).toBe(true);
    expect(neo4jGraphqlHas('TournamentEntry', 'team')).toBe(true);
  });
});

describe('the bench', () => {
  it('names the fields of a shape that resolve level by level', () => {
    const shape = generateShapes(schema, 1).find((drawn) => levelByLevelIn(drawn).length > 0);
    expect(shape).toBeDefined();
    for (const field of levelByLevelIn(shape!)) expect(shape!.query).toMatch(new RegExp(`\\b${field.split('.')[1]}\\b`));
  });
});
