import type { BaseContext, GraphQLRequestContextDidResolveOperation } from '@apollo/server';
import { type FragmentDefinitionNode, Kind } from 'graphql';
import { measureOperation, type QueryLimitsOptions } from './query-limits.plugin';

/**
 * The resolved operation's cost under the query limits' cost model. The rate limiter charges this
 * and knows nothing else of the model: this function is the one place they meet.
 */
export function operationCost<TContext extends BaseContext>(
  { schema, document, operation, request }: GraphQLRequestContextDidResolveOperation<TContext>,
  limits: QueryLimitsOptions = {},
): number {
  if (!operation) return 0;
  const fragments = Object.fromEntries(
    document.definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  return measureOperation(schema, operation, fragments, request.variables ?? {}, limits.defaultListSize ?? 10).cost;
}
