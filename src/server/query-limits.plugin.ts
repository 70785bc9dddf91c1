import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import {
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
  Kind,
  getNamedType,
  getNullableType,
  isCompositeType,
  isListType,
  isObjectType,
  isInterfaceType,
  typeFromAST,
} from 'graphql';
import { QueryTooComplexError } from '../schema/errors';

export interface QueryLimitsOptions {
  /** Deepest allowed nesting of fields, the root field counting 1. Default 10. */
  maxDepth?: number;
  /**
   * Highest allowed estimated number of resolved fields (see `measureOperation`). Default 50000:
   * every unbounded list counts as 10 items, so a match with each goal's disputed versions and
   * their sources (four nested lists) already costs about 22000.
   */
  maxCost?: number;
  /** Assumed length of a list that no `first` argument bounds. Default 10. */
  defaultListSize?: number;
}

export interface OperationMeasure {
  depth: number;
  cost: number;
}

/**
 * Refuses an operation deeper or costlier than the limits after validation and before execution, so
 * a refused query never reaches Neo4j. A plugin rather than a validation rule because Apollo
 * rewrites every validation error's code to GRAPHQL_VALIDATION_FAILED, and clients need to tell
 * "too complex" apart from "invalid".
 */
export function queryLimitsPlugin<TContext extends BaseContext>(
  options: QueryLimitsOptions = {},
): ApolloServerPlugin<TContext> {
  const { maxDepth = 10, maxCost = 50_000, defaultListSize = 10 } = options;
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return;
          const fragments = Object.fromEntries(
            document.definitions
              .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
              .map((fragment) => [fragment.name.value, fragment]),
          );
          const measure = measureOperation(schema, operation, fragments, request.variables ?? {}, defaultListSize);
          if (measure.depth > maxDepth) throw new QueryTooComplexError('depth', measure.depth, maxDepth);
          if (measure.cost > maxCost) throw new QueryTooComplexError('cost', measure.cost, maxCost);
        },
      };
    },
  };
}

/**
 * Depth counts nested field levels. Cost counts each field once per time it would resolve: a list
 * field multiplies everything below it by its `first` argument, or by `defaultListSize` when nothing
 * bounds it. A connection takes `first` but is not itself a list, so its `first` carries down to
 * the list inside it (`edges`, `nodes`). Introspection (`__schema`, `__typename`) is free: tools
 * such as GraphiQL send a deep introspection query that must not be refused.
 */
export function measureOperation(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  defaultListSize: number,
): OperationMeasure {
  const rootType = schema.getRootType(operation.operation);
  if (!rootType) return { depth: 0, cost: 0 };

  // Validation has already rejected fragment cycles and unknown fields, so the walk terminates.
  function walk(
    selectionSet: SelectionSetNode,
    parentType: GraphQLCompositeType,
    multiplier: number,
    pendingSize: number | undefined,
  ): OperationMeasure {
    let depth = 0;
    let cost = 0;
    const add = (inner: OperationMeasure, extraDepth: number) => {
      depth = Math.max(depth, inner.depth + extraDepth);
      cost += inner.cost;
    };
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT || selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? fragments[selection.name.value] : selection;
        if (!fragment) continue;
        const conditionType = fragment.typeCondition ? typeFromAST(schema, fragment.typeCondition) : parentType;
        const type = conditionType && isCompositeType(conditionType) ? conditionType : parentType;
        add(walk(fragment.selectionSet, type, multiplier, pendingSize), 0);
        continue;
      }
      if (selection.name.value.startsWith('__')) continue;
      const fieldType = fieldTypeOf(parentType, selection.name.value);
      const firstArgument = selection.arguments?.find((argument) => argument.name.value === 'first');
      const first = firstArgument ? intValue(firstArgument.value, variables) : undefined;
      cost += multiplier;
      if (!selection.selectionSet || !fieldType) {
        depth = Math.max(depth, 1);
        continue;
      }
      const namedType = getNamedType(fieldType);
      if (!isCompositeType(namedType)) continue;
      const isList = isListType(getNullableType(fieldType));
      const size = first ?? pendingSize;
      const childMultiplier = isList ? multiplier * (size ?? defaultListSize) : multiplier;
      const childPending = isList ? undefined : size;
      add(walk(selection.selectionSet, namedType, childMultiplier, childPending), 1);
    }
    return { depth, cost };
  }

  function intValue(node: ValueNode, vars: Record<string, unknown>): number | undefined {
    if (node.kind === Kind.INT) return Number(node.value);
    if (node.kind === Kind.VARIABLE) {
      const value = vars[node.name.value];
      return typeof value === 'number' ? value : undefined;
    }
    return undefined;
  }

  return walk(operation.selectionSet, rootType, 1, undefined);
}

function fieldTypeOf(parentType: GraphQLCompositeType, fieldName: string) {
  // Union members are only reached through fragments, which the walk resolves to their own type.
  if (!isObjectType(parentType) && !isInterfaceType(parentType)) return undefined;
  return parentType.getFields()[fieldName]?.type;
}
