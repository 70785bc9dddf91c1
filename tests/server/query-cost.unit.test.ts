import { buildSchema, GraphQLError, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { estimateQueryCost } from '../../src/server/query-cost';

const schema = buildSchema(`
  type Query {
    matches(first: Int! = 20, filter: MatchFilter): MatchConnection!
    search(first: Int! = 10, text: String!): [Hit!]!
    team(name: String): Team
    thing: Thing
  }
  input MatchFilter { teams: [String!] tournamentYears: [Int!] }
  type MatchConnection { totalCount: Int! nodes: [Match!]! edges: [MatchEdge!]! }
  type MatchEdge { cursor: String! node: Match! }
  interface Entity { id: ID! }
  type Match implements Entity { id: ID! goals: [Goal!]! }
  type Goal { minute: Int scorer: Player }
  type Player implements Entity { id: ID! name: String goals: [Goal!]! }
  type Team implements Entity { id: ID! name: String matches(first: Int! = 20): MatchConnection! }
  type Hit { id: ID! entity: Entity }
  union Thing = Player | Team
`);

function cost(query: string, variables: Record<string, unknown> = {}, operationName?: string) {
  return estimateQueryCost(schema, parse(query), operationName, variables, { defaultListSize: 10, maxListLength: 100 });
}

function refusal(query: string, variables: Record<string, unknown> = {}): GraphQLError {
  try {
    cost(query, variables);
  } catch (error) {
    if (error instanceof GraphQLError) return error;
    throw error;
  }
  throw new Error(`expected ${query} to be refused`);
}

// nodes 1 + (id 1 + goals (1 + 10 x minute 1))
const MATCH_PAGE = 'nodes { id goals { minute } }';
const PAGE_COST = 13;
// Ten of these cost 10 x (1 + 100 x (1 + (1 + 10 x (1 + (1 + 10 x 1))))) = 10 x 12201.
const HEAVY = 'matches(first: 100) { nodes { goals { scorer { goals { minute } } } } }';
const HEAVY_COST = 12_201;

describe('estimateQueryCost', () => {
  it("multiplies a connection's selection by its `first`, by the argument's default when omitted", () => {
    expect(cost(`{ matches(first: 5) { ${MATCH_PAGE} } }`)).toBe(1 + 5 * PAGE_COST);
    expect(cost(`{ matches { ${MATCH_PAGE} } }`)).toBe(1 + 20 * PAGE_COST);
    // edges inside the connection are not multiplied again; node is a single object.
    expect(cost('{ matches(first: 5) { edges { cursor node { id } } } }')).toBe(1 + 5 * (1 + 1 + (1 + 1)));
  });

  it('reads `first` from variables and from variable defaults', () => {
    expect(cost(`query($n: Int!) { matches(first: $n) { ${MATCH_PAGE} } }`, { n: 50 })).toBe(1 + 50 * PAGE_COST);
    expect(cost(`query($n: Int! = 2) { matches(first: $n) { ${MATCH_PAGE} } }`)).toBe(1 + 2 * PAGE_COST);
  });

  it('counts a list that nothing bounds as 10 items and a list with `first` by it', () => {
    expect(cost('{ team { name } }')).toBe(2);
    expect(cost('{ search(text: "x") { id } }')).toBe(1 + 10 * 1);
    expect(cost('{ search(text: "x", first: 3) { id entity { id } } }')).toBe(1 + 3 * (1 + 2));
  });

  it('counts each alias', () => {
    expect(cost(`{ a: matches(first: 5) { ${MATCH_PAGE} } b: matches(first: 5) { ${MATCH_PAGE} } }`)).toBe(2 * (1 + 5 * PAGE_COST));
  });

  it('counts fragments and inline fragments as if written in place', () => {
    const inline = cost(`{ matches(first: 5) { ${MATCH_PAGE} } }`);
    expect(cost(`{ matches(first: 5) { ...page } } fragment page on MatchConnection { ${MATCH_PAGE} }`)).toBe(inline);
    expect(cost(`{ matches(first: 5) { ... on MatchConnection { ${MATCH_PAGE} } } }`)).toBe(inline);
  });

  it('prices an interface or a union by its costliest member', () => {
    // Player: goals 1 + 10 x minute; Team: name.
    expect(cost('{ thing { ... on Player { goals { minute } } ... on Team { name } } }')).toBe(1 + 11);
    expect(cost('{ search(text: "x", first: 2) { entity { id ... on Team { matches(first: 3) { totalCount } } } } }')).toBe(
      // Hit: entity 1 + max(Match: id, Player: id, Team: id + matches 1 + 3 x totalCount)
      1 + 2 * (1 + (1 + (1 + 3 * 1))),
    );
  });

  it('does not charge introspection', () => {
    expect(cost('{ __schema { types { fields { type { ofType { name } } } } } team { name } }')).toBe(2);
  });

  it('leaves out what @skip and @include leave out, with literals and variables', () => {
    const page = (directive = '') => `matches(first: 5) ${directive} { ${MATCH_PAGE} }`;
    expect(cost(`{ a: ${page()} b: ${page('@include(if: false)')} c: ${page('@skip(if: true)')} }`)).toBe(1 + 5 * PAGE_COST);
    const query = `query($skip: Boolean!, $include: Boolean!) { a: ${page('@skip(if: $skip)')} b: ${page('@include(if: $include)')} }`;
    expect(cost(query, { skip: true, include: true })).toBe(1 + 5 * PAGE_COST);
    expect(cost(query, { skip: false, include: true })).toBe(2 * (1 + 5 * PAGE_COST));
    expect(cost(query, { skip: true, include: false })).toBe(0);
  });

  it('is not lowered by a skipped alias with a negative `first` (a hostile-traffic finding)', () => {
    const heavy = Array.from({ length: 10 }, (_, i) => `h${i}: ${HEAVY}`).join('\n');
    const bypass = `query($s: Boolean! = true) { ${heavy} trick: matches(first: -2147483648) @skip(if: $s) { ${MATCH_PAGE} } }`;
    expect(cost(bypass)).toBe(10 * HEAVY_COST);
    expect(cost(bypass.replace('trick:', 'trick: matches(first: 1) { totalCount } other:'))).toBe(10 * HEAVY_COST + 2);
  });

  it('refuses a `first` the resolvers would refuse as BAD_USER_INPUT, wherever it is', () => {
    for (const first of [-1, 101, -2147483648]) {
      const error = refusal(`{ team { matches(first: ${first}) { totalCount } } }`);
      expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'first', maximum: 100 });
    }
    expect(refusal('query($n: Int!) { matches(first: $n) { totalCount } }', { n: -5 }).extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      argumentName: 'first',
    });
  });

  it('refuses variables it cannot read as BAD_USER_INPUT instead of leaving their fields out', () => {
    const query = `query($s: Boolean!) { matches(first: 100) @skip(if: $s) { ${MATCH_PAGE} } }`;
    for (const variables of [{}, { s: 'yes' }, { s: null }]) {
      const error = refusal(query, variables);
      expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', http: { status: 400 } });
      expect(error.message).toContain('$s');
    }
  });

  it('bounds the length of list arguments, inside input objects too', () => {
    const years = Array.from({ length: 101 }, (_, i) => 1930 + i);
    const error = refusal('query($years: [Int!]) { matches(filter: { tournamentYears: $years }) { totalCount } }', { years });
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'filter.tournamentYears', maximum: 100 });
    expect(cost('query($years: [Int!]) { matches(first: 1, filter: { tournamentYears: $years }) { totalCount } }', { years: years.slice(1) })).toBe(2);
  });

  it('prices only the operation asked for', () => {
    const document = `query Small { team { name } } query Big { matches(first: 5) { ${MATCH_PAGE} } }`;
    expect(cost(document, {}, 'Small')).toBe(2);
    expect(cost(document, {}, 'Big')).toBe(1 + 5 * PAGE_COST);
  });
});
