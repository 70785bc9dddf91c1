import { buildSchema, getIntrospectionQuery, parse, specifiedRules, validate, type ValidationRule } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY_LIMITS } from '../../src/config';
import { checkQueryShape, measureQueryShape, queryShapeRule } from '../../src/server/query-shape.rule';
import { fragmentBomb } from '../support/query-bombs';

describe('measureQueryShape', () => {
  it('counts aliases, root fields, spreads, directives and variables with fragments expanded where spread', () => {
    const shape = measureQueryShape(
      parse(`
        query($a: Boolean!, $b: Boolean!) {
          first: team { ...teamFields }
          second: team @skip(if: $a) { ...teamFields }
          ... on Query { third: team { name } }
          ...roots
        }
        fragment teamFields on Team { shortName: name id @include(if: $b) }
        fragment roots on Query { sources { id } search { id } }
      `),
    );
    expect(shape).toMatchObject({
      aliases: 1 + 1 + 1 + 2 * 1,
      rootFields: 5,
      fragmentSpreads: 3,
      fragmentDepth: 1,
      directives: 1 + 2 * 1,
      variables: 2,
      depth: 2,
    });
  });

  it('measures nesting depth without counting introspection', () => {
    expect(measureQueryShape(parse('{ a { b { c { d } } } }')).depth).toBe(4);
    expect(measureQueryShape(parse('{ a { ...f } } fragment f on A { b { ... on B { c } } }')).depth).toBe(3);
    expect(measureQueryShape(parse(getIntrospectionQuery())).depth).toBe(0);
  });

  it('measures a 30-level fragment bomb in milliseconds, however much it expands to (a hostile-traffic finding)', () => {
    const started = performance.now();
    const shape = measureQueryShape(parse(fragmentBomb(30)));
    expect(performance.now() - started).toBeLessThan(50);
    expect(shape.fragmentDepth).toBe(30);
    expect(shape.fragmentSpreads).toBe(2 ** 30 - 1);
    expect(checkQueryShape(shape, DEFAULT_QUERY_LIMITS)?.extensions).toMatchObject({ measure: 'fragmentDepth', actual: 30, limit: 8 });
  });

  it('measures fragment definitions that no operation uses, since validation reads them too', () => {
    const unused = fragmentBomb(30).replace('query Bomb { ...F0 }', 'query Small { sources { id } }');
    expect(measureQueryShape(parse(unused)).fragmentDepth).toBe(29);
  });

  it('ends on fragment cycles, leaving them to validation to report', () => {
    expect(measureQueryShape(parse('{ ...a } fragment a on Query { ...b } fragment b on Query { ...a x }')).fragmentDepth).toBe(3);
  });

  it("accepts GraphiQL's introspection query under the default limits", () => {
    expect(checkQueryShape(measureQueryShape(parse(getIntrospectionQuery())), DEFAULT_QUERY_LIMITS)).toBeUndefined();
  });

  it('reports the first limit broken with its measure, actual and limit', () => {
    const limits = { ...DEFAULT_QUERY_LIMITS, maxAliases: 1, maxDepth: 1 };
    const error = checkQueryShape(measureQueryShape(parse('{ a: x { y } b: x { y } }')), limits);
    expect(error?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', measure: 'aliases', actual: 2, limit: 1 });
  });
});

describe('queryShapeRule', () => {
  const schema = buildSchema('type Query { sources: [Source!]! } type Source { id: ID! }');

  // Apollo's order: graphql-js's rules first, ours after them.
  const rules = [...specifiedRules, queryShapeRule(DEFAULT_QUERY_LIMITS)];

  it("refuses a 30-level fragment bomb in milliseconds with graphql-js's rules in Apollo's order", () => {
    const started = performance.now();
    const errors = validate(schema, parse(fragmentBomb(30)), rules);
    expect(performance.now() - started).toBeLessThan(100);
    expect(errors.map((error) => error.extensions)).toEqual([{ code: 'QUERY_TOO_COMPLEX', measure: 'fragmentDepth', actual: 30, limit: 8, http: { status: 400 } }]);
  });

  it('keeps every other rule, even one listed before it, from walking a refused document', () => {
    const walked: string[] = [];
    const spy: ValidationRule = () => ({ SelectionSet: () => void walked.push('selection set') });
    validate(schema, parse(fragmentBomb(12)), [...specifiedRules, spy, queryShapeRule(DEFAULT_QUERY_LIMITS)]);
    expect(walked).toEqual([]);
    validate(schema, parse(fragmentBomb(3)), [...specifiedRules, spy, queryShapeRule(DEFAULT_QUERY_LIMITS)]);
    expect(walked.length).toBeGreaterThan(0);
  });

  it('lets a document within the limits through to the other rules', () => {
    const errors = validate(schema, parse('{ sources { id unknown } }'), rules);
    expect(errors.map((error) => error.message)).toEqual(['Cannot query field "unknown" on type "Source".']);
  });
});
