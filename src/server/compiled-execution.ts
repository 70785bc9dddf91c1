import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import { execute, getVariableValues, GraphQLError, type DocumentNode, type ExecutionResult, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { documentCompileDuration } from '../metrics';

/**
 * A document is compiled once it has been executed this many times. Apps send the same documents
 * again and again, so theirs are compiled by their second request, while a query typed once in
 * the playground, or a fuzzer's random one, costs no compilation (1-6 ms of CPU for the bench's
 * queries, more for large documents, all of it holding the event loop). As look-ahead statements
 * are compiled by Neo4j (src/graph/read/loaders/look-ahead.ts, `LOOK_AHEAD_AFTER_REQUESTS`).
 */
export const COMPILE_AFTER_EXECUTIONS = 2;
/** Compiled documents kept, the least recently used dropped first: a few hundred kB of code each at most. */
export const MAX_COMPILED_DOCUMENTS = 500;

/** Not compiled: graphql-jit refused the document, and graphql-js executes it every time. */
const INTERPRETED = 'interpreted';

export interface CompiledExecutionOptions {
  compileAfterExecutions?: number;
  maxCompiledDocuments?: number;
}

/**
 * Executes the documents Apollo has parsed and validated: with graphql-js on their first
 * executions, then with graphql-jit, which compiles a document's operation into one function
 * (field resolution, scalar serialisation and list completion written out for that selection)
 * instead of walking the document field by field. Side by side on the bench's 40-match page
 * (about 5,000 fields), execution took 20% less CPU, with the same answer byte for byte.
 *
 * Apollo Server runs its own executor unless given a gateway, so this is one: it serves the schema
 * as is and only replaces execution; parsing, validation, plugins and error formatting stay
 * Apollo's. Documents are keyed by identity: Apollo's document store hands the same parsed
 * document to every request of one query text (src/server/document-store.ts).
 */
export function compiledExecution(schema: GraphQLSchema, options: CompiledExecutionOptions = {}): GatewayInterface {
  const { compileAfterExecutions = COMPILE_AFTER_EXECUTIONS, maxCompiledDocuments = MAX_COMPILED_DOCUMENTS } = options;
  const executions = new WeakMap<DocumentNode, number>();
  const compiled = new Map<DocumentNode, Map<string, CompiledQuery | typeof INTERPRETED>>();

  const compiledFor = (document: DocumentNode, operationName: string | undefined) => {
    let byOperation = compiled.get(document);
    if (byOperation) {
      // Least recently used last out: a Map iterates in insertion order.
      compiled.delete(document);
      compiled.set(document, byOperation);
    } else {
      const count = (executions.get(document) ?? 0) + 1;
      executions.set(document, count);
      if (count < compileAfterExecutions) return undefined;
      byOperation = new Map();
      compiled.set(document, byOperation);
      if (compiled.size > maxCompiledDocuments) compiled.delete(compiled.keys().next().value!);
    }
    const key = operationName ?? '';
    let query = byOperation.get(key);
    if (!query) {
      const timer = documentCompileDuration.startTimer();
      query = compiledOrInterpreted(schema, document, operationName);
      timer({ outcome: query === INTERPRETED ? 'refused' : 'compiled' });
      byOperation.set(key, query);
    }
    return query === INTERPRETED ? undefined : query;
  };

  const executor: GatewayExecutor = async ({ document, operation, request, context }) => {
    // The operation the client named, not Apollo's `operationName` (the name it resolved, null when
    // none matched): an unknown name is graphql-js's to refuse, with the error Apollo then reports
    // as OPERATION_RESOLUTION_FAILURE; executing the document's only operation instead made Apollo
    // answer 500 (the fuzz suite's `operationName: "Missing"`).
    const operationName = request.operationName ?? undefined;
    const variableValues = request.variables ?? {};
    const query = operation && compiledFor(document, operationName);
    // Variables that do not coerce are graphql-js's to refuse, with the errors Apollo codes
    // BAD_USER_INPUT; graphql-jit words them its own way.
    if (query && !variablesRefused(schema, operation, variableValues)) {
      return withGraphQLJsErrors(await query.query(undefined, context, variableValues));
    }
    return execute({ schema, document, contextValue: context, variableValues, operationName });
  };

  let listener: Parameters<GatewayInterface['onSchemaLoadOrUpdate']>[0] | undefined;
  return {
    onSchemaLoadOrUpdate(callback) {
      // Apollo listens before it loads: the schema is announced once, from `load`.
      listener = callback;
      return () => {
        listener = undefined;
      };
    },
    async load() {
      listener?.({ apiSchema: schema, coreSupergraphSdl: '' });
      return { executor };
    },
    async stop() {
      compiled.clear();
    },
  };
}

/** graphql-jit answers a document it cannot compile with errors, and may throw: either way graphql-js executes it. */
function compiledOrInterpreted(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined) {
  try {
    const result = compileQuery(schema, document, operationName);
    return isCompiledQuery(result) ? result : INTERPRETED;
  } catch {
    return INTERPRETED;
  }
}

/**
 * graphql-jit's errors are GraphQLErrors by prototype only: one without extensions has none at all,
 * where Apollo's error formatting reads `extensions.code` of every error (and, failing, masks it as
 * an internal error). Rebuilt as graphql-js builds them, with the same message, path, locations and
 * cause, they are coded and logged as the interpreted executor's.
 */
function withGraphQLJsErrors(result: ExecutionResult): ExecutionResult {
  if (!result.errors) return result;
  const errors = result.errors.map((error) => {
    const rebuilt = new GraphQLError(error.message, { path: error.path, originalError: error.originalError, extensions: error.extensions });
    (rebuilt as { locations?: GraphQLError['locations'] }).locations = error.locations;
    return rebuilt;
  });
  return { ...result, errors };
}

function variablesRefused(schema: GraphQLSchema, operation: OperationDefinitionNode, variables: Record<string, unknown>): boolean {
  const definitions = operation.variableDefinitions ?? [];
  return definitions.length > 0 && getVariableValues(schema, definitions, variables).errors !== undefined;
}
