import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { isDatabaseUnavailable, originalCause } from '../schema/errors';

export interface DatabaseOutagePluginOptions {
  /** Seconds a client is told to wait before retrying (`Retry-After`). Default 5. */
  retryAfterSeconds?: number;
}

/**
 * Answers HTTP 503 when any resolver failed because Neo4j is unreachable, so load balancers and
 * clients see an outage rather than a 200 with errors. Nothing is cached about the outage: the next
 * request tries the driver again, which reconnects by itself once Neo4j is back.
 */
export function databaseOutagePlugin<TContext extends BaseContext>(
  options: DatabaseOutagePluginOptions = {},
): ApolloServerPlugin<TContext> {
  const { retryAfterSeconds = 5 } = options;
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, response }) {
          if (!errors.some((error) => isDatabaseUnavailable(originalCause(error)))) return;
          response.http.status = 503;
          response.http.headers.set('retry-after', String(retryAfterSeconds));
        },
      };
    },
  };
}
