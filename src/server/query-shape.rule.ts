import {
  type DocumentNode,
  type FragmentDefinitionNode,
  Kind,
  type SelectionSetNode,
  type ValidationRule,
} from 'graphql';
import type { QueryLimits } from '../config';
import { type ComplexityMeasure, QueryTooComplexError } from '../schema/errors';

/**
 * What a document asks for, counted as execution would meet it: every fragment spread expanded
 * where it is spread. Skipped selections count too, since validation reads them all.
 */
export interface QueryShape {
  /** Characters of the query text. */
  length: number;
  depth: number;
  aliases: number;
  rootFields: number;
  fragmentSpreads: number;
  fragmentDepth: number;
  directives: number;
  variables: number;
}

/** The checks in the order they are made: the first one broken is the one reported. */
const SHAPE_LIMITS: ReadonlyArray<[keyof QueryShape & ComplexityMeasure, keyof QueryLimits]> = [
  ['length', 'maxLength'],
  ['variables', 'maxVariables'],
  ['fragmentDepth', 'maxFragmentDepth'],
  ['fragmentSpreads', 'maxFragmentSpreads'],
  ['aliases', 'maxAliases'],
  ['rootFields', 'maxRootFields'],
  ['directives', 'maxDirectives'],
  ['depth', 'maxDepth'],
];

/** Counts within one selection set; `fields` are those at its own level, fragments included. */
interface SelectionCounts {
  depth: number;
  fields: number;
  aliases: number;
  fragmentSpreads: number;
  fragmentDepth: number;
  directives: number;
}

const NOTHING: Readonly<SelectionCounts> = { depth: 0, fields: 0, aliases: 0, fragmentSpreads: 0, fragmentDepth: 0, directives: 0 };

/** What validation walks instead of a refused document: nothing at all. */
const REFUSED_DOCUMENT: DocumentNode = Object.freeze({ kind: Kind.DOCUMENT, definitions: Object.freeze([]) });

/**
 * Measures a document in time linear in its size, however its fragments nest: each fragment is
 * measured once and its counts are added wherever it is spread. (Expanding spreads one by one is
 * what makes a nested-fragment "bomb" cost 2^levels.) Operations and fragment definitions are each
 * measured, and the largest count wins, since validation reads unused fragments too.
 */
export function measureQueryShape(document: DocumentNode): QueryShape {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const measured = new Map<string, SelectionCounts>();
  const measuring = new Set<string>();

  function countFragment(name: string): SelectionCounts {
    const known = measured.get(name);
    if (known) return known;
    const fragment = fragments.get(name);
    // Unknown fragments and spread cycles are validation errors; graphql-js's rules for them are linear.
    if (!fragment || measuring.has(name)) return NOTHING;
    measuring.add(name);
    const counts = countSelections(fragment.selectionSet);
    measuring.delete(name);
    measured.set(name, counts);
    return counts;
  }

  function countSelections(selectionSet: SelectionSetNode): SelectionCounts {
    const total = { ...NOTHING };
    const addNested = (inner: SelectionCounts) => {
      total.aliases += inner.aliases;
      total.fragmentSpreads += inner.fragmentSpreads;
      total.directives += inner.directives;
      total.fragmentDepth = Math.max(total.fragmentDepth, inner.fragmentDepth);
    };
    for (const selection of selectionSet.selections) {
      total.directives += selection.directives?.length ?? 0;
      if (selection.kind === Kind.FIELD) {
        total.fields += 1;
        if (selection.alias) total.aliases += 1;
        const inner = selection.selectionSet ? countSelections(selection.selectionSet) : NOTHING;
        addNested(inner);
        // Introspection reads the in-memory schema, and GraphiQL's own query nests `ofType` deeper than any data query.
        if (!selection.name.value.startsWith('__')) total.depth = Math.max(total.depth, 1 + inner.depth);
        continue;
      }
      const inner = selection.kind === Kind.INLINE_FRAGMENT ? countSelections(selection.selectionSet) : countFragment(selection.name.value);
      addNested(inner);
      total.fields += inner.fields;
      total.depth = Math.max(total.depth, inner.depth);
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        total.fragmentSpreads += 1;
        total.fragmentDepth = Math.max(total.fragmentDepth, 1 + inner.fragmentDepth);
      }
    }
    return total;
  }

  const shape: QueryShape = {
    length: document.loc?.source.body.length ?? 0,
    depth: 0,
    aliases: 0,
    rootFields: 0,
    fragmentSpreads: 0,
    fragmentDepth: 0,
    directives: 0,
    variables: 0,
  };
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION && definition.kind !== Kind.FRAGMENT_DEFINITION) continue;
    const counts = definition.kind === Kind.FRAGMENT_DEFINITION ? countFragment(definition.name.value) : countSelections(definition.selectionSet);
    shape.aliases = Math.max(shape.aliases, counts.aliases);
    shape.fragmentSpreads = Math.max(shape.fragmentSpreads, counts.fragmentSpreads);
    shape.fragmentDepth = Math.max(shape.fragmentDepth, counts.fragmentDepth);
    shape.directives = Math.max(shape.directives, counts.directives + (definition.directives?.length ?? 0));
    if (definition.kind === Kind.OPERATION_DEFINITION) {
      // A fragment's own depth means nothing until it is spread: `fragment TypeRef on __Type` is introspection.
      shape.depth = Math.max(shape.depth, counts.depth);
      shape.rootFields = Math.max(shape.rootFields, counts.fields);
      shape.variables = Math.max(shape.variables, definition.variableDefinitions?.length ?? 0);
    }
  }
  return shape;
}

/** The first limit the shape breaks, as the error to send, or undefined when it breaks none. */
export function checkQueryShape(shape: QueryShape, limits: QueryLimits): QueryTooComplexError | undefined {
  for (const [measure, limit] of SHAPE_LIMITS) {
    // A fragment bomb's counts pass 2^53; the client is told a number JSON can carry.
    if (shape[measure] > limits[limit]) return new QueryTooComplexError(measure, Math.min(shape[measure], Number.MAX_SAFE_INTEGER), limits[limit]);
  }
  return undefined;
}

/**
 * A validation rule that measures the document before graphql-js's own rules look at its selections:
 * graphql-js runs every rule in one walk, and the document is the first node the walk enters. A
 * refused document is swapped for an empty one (a visitor "edit", which `visit` documents), so no
 * rule walks it. Whatever walks a query spread by spread doubles in time per level of a fragment bomb
 * (the cost estimate before this rule took 93 s at 24 levels); measured here first, in linear time,
 * the bounded shape also bounds every later walk: validation, the cost estimate and execution.
 *
 * A rule rather than an Apollo plugin hook because a plugin cannot refuse a request between parsing
 * and validation (an error thrown from `validationDidStart` becomes a 500). Apollo rewrites the code
 * of validation errors to GRAPHQL_VALIDATION_FAILED; `keepRefusalCodes` restores ours.
 */
export function queryShapeRule(limits: QueryLimits): ValidationRule {
  return (context) => ({
    Document(document) {
      const refusal = checkQueryShape(measureQueryShape(document), limits);
      if (!refusal) return undefined;
      context.reportError(refusal);
      return REFUSED_DOCUMENT;
    },
  });
}
