import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { graphqlDuration, graphqlErrors, graphqlRequests } from '../metrics';

export interface MetricsPluginOptions {
  /**
   * Distinct operation names kept as label values; later names are counted as `other`. Clients choose
   * operation names, so without a cap a public API lets anyone grow the metric series without bound.
   * Default 100.
   */
  maxOperationNames?: number;
}

/** Label for requests that never resolved to a named operation (parse or validation failures). */
const UNRESOLVED = 'unresolved';
const ANONYMOUS = 'anonymous';
const OTHER = 'other';

/**
 * Counts GraphQL requests and their duration by operation name, and the errors sent to clients by
 * `extensions.code` (after formatting, so the codes are the ones clients see).
 */
export function metricsPlugin<TContext extends BaseContext>(
  options: MetricsPluginOptions = {},
): ApolloServerPlugin<TContext> {
  const { maxOperationNames = 100 } = options;
  const seenNames = new Set<string>();

  function operationLabel(name: string | null | undefined, resolved: boolean): string {
    if (!resolved) return UNRESOLVED;
    if (!name) return ANONYMOUS;
    if (seenNames.has(name)) return name;
    if (seenNames.size >= maxOperationNames) return OTHER;
    seenNames.add(name);
    return name;
  }

  return {
    async requestDidStart() {
      const stopTimer = graphqlDuration.startTimer();
      return {
        async willSendResponse({ operation, operationName, response }) {
          const label = operationLabel(operationName, operation !== undefined);
          graphqlRequests.inc({ operation: label });
          stopTimer({ operation: label });
          const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
          for (const error of errors ?? []) {
            graphqlErrors.inc({ code: String(error.extensions?.code ?? 'INTERNAL_SERVER_ERROR') });
          }
        },
      };
    },
  };
}
