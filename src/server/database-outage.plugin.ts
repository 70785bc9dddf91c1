import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { isDatabaseUnavailable, isQueryCancelled, originalCause } from '../schema/errors';

export interface DatabaseOutagePluginOptions {
  /** Seconds a client is told to wait before retrying (`Retry-After`). Default 5. */
  retryAfterSeconds?: number;
}

/**
 * Answers HTTP 503 when any resolver failed because Neo4j is unreachable, and 504 when the request
 * ran out of time (QUERY_TIMEOUT), so load balancers and clients see an outage or a gateway timeout
 * rather than a 200 with errors. Nothing is cached about the outage: the next request tries the
 * driver again, which reconnects by itself once Neo4j is back.
 */
export function databaseOutagePlugin<TContext extends BaseContext>(
  options: DatabaseOutagePluginOptions = {},
): ApolloServerPlugin<TContext> {
  const { retryAfterSeconds = 5 } = options;
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, response }) {
          const causes = errors.map(originalCause);
          if (causes.some(isDatabaseUnavailable)) {
            response.http.status = 503;
            response.http.headers.set('retry-after', String(retryAfterSeconds));
          } else if (causes.some(isQueryCancelled)) {
            response.http.status = 504;
          }
        },
      };
    },
  };
}
