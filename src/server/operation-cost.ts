import type { BaseContext, GraphQLRequestContextDidResolveOperation } from '@apollo/server';
import { DEFAULT_QUERY_LIMITS } from '../config';
import { requestCost } from './query-cost';
import type { QueryLimitsOptions } from './query-limits.plugin';

/**
 * The resolved operation's cost under the query limits' cost model. The rate limiter charges this
 * and knows nothing else of the model: this function is the one place they meet. An operation the
 * model refuses (a bad argument) costs nothing here: the query limits refuse it before it runs.
 */
export function operationCost<TContext extends BaseContext>(
  { schema, document, operation, request }: GraphQLRequestContextDidResolveOperation<TContext>,
  limits: QueryLimitsOptions = {},
): number {
  if (!operation) return 0;
  try {
    return requestCost(
      { schema, document, operationName: operation.name?.value, request },
      { defaultListSize: limits.defaultListSize ?? 10, maxListLength: limits.maxListLength ?? DEFAULT_QUERY_LIMITS.maxListLength },
    );
  } catch {
    return 0;
  }
}
