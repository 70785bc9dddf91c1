import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ErrorCode } from '../schema/errors';

export class OperationNotSupportedError extends GraphQLError {
  constructor(operationType: string) {
    super(`This API does not support ${operationType} operations; send a query.`, {
      extensions: { code: ErrorCode.OPERATION_NOT_SUPPORTED, operationType, http: { status: 400 } },
    });
    this.name = 'OperationNotSupportedError';
  }
}

/**
 * Refuses an operation whose type the schema has no root for (subscriptions) before execution,
 * where graphql-js would fail it as an internal error.
 */
export function operationSupportPlugin<TContext extends BaseContext>(): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, operation }) {
          if (operation && !schema.getRootType(operation.operation)) throw new OperationNotSupportedError(operation.operation);
        },
      };
    },
  };
}

/**
 * Apollo Server 5 raises these automatic-persisted-query errors without a code (so they reach the
 * client as INTERNAL_SERVER_ERROR) though it answers them with HTTP 400 (requestPipeline.ts). The
 * messages are Apollo's; tests/server/graphql-errors.test.ts fails if an upgrade changes them.
 */
const PERSISTED_QUERY_CODES: Record<string, ErrorCode> = {
  'provided sha does not match query': ErrorCode.PERSISTED_QUERY_HASH_MISMATCH,
  'Unsupported persisted query version': ErrorCode.PERSISTED_QUERY_VERSION_NOT_SUPPORTED,
};

/** Gives Apollo's code-less protocol errors their own code; meant to run before our `formatError`. */
export function codeProtocolErrors(formatted: GraphQLFormattedError): GraphQLFormattedError {
  const code = PERSISTED_QUERY_CODES[formatted.message];
  if (!code || formatted.extensions?.code !== ErrorCode.INTERNAL_SERVER_ERROR) return formatted;
  return { message: formatted.message, extensions: { code } };
}
