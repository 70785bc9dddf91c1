import { buildSchema, type FragmentDefinitionNode, Kind, type OperationDefinitionNode, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { measureOperation } from '../../src/server/query-limits.plugin';

const schema = buildSchema(`
  type Query { matches(first: Int): MatchPage  team: Team }
  type MatchPage { nodes: [Match!]! }
  type Match { id: ID goals: [Goal!]! }
  type Goal { minute: Int scorer: Player }
  type Player { name: String }
  type Team { name: String }
`);

function measure(query: string, variables: Record<string, unknown> = {}) {
  const document = parse(query);
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  return measureOperation(schema, operation, fragments, variables, 10);
}

describe('measureOperation', () => {
  it("carries a connection's `first` down to its list and assumes 10 for unbounded lists", () => {
    // matches 1 + nodes 1 + 5 x (id + goals) + 5 x 10 x (minute + scorer + name)
    expect(measure('{ matches(first: 5) { nodes { id goals { minute scorer { name } } } } }')).toEqual({ depth: 5, cost: 162 });
  });

  it('reads `first` from variables and walks fragments', () => {
    const query = 'query($n: Int) { matches(first: $n) { ...page } } fragment page on MatchPage { nodes { ... on Match { id } } }';
    expect(measure(query, { n: 50 })).toEqual({ depth: 3, cost: 52 });
  });

  it('does not charge introspection', () => {
    expect(measure('{ __schema { types { fields { type { ofType { ofType { name } } } } } } team { name } }')).toEqual({ depth: 2, cost: 2 });
  });
});
