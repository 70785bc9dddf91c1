import type { GraphQLFormattedError } from 'graphql';
import { GraphQLError } from 'graphql';
import { error as neo4jError } from 'neo4j-driver';
import { QueryCancelledError } from '../graph/driver/query-deadline';

/**
 * Every `extensions.code` this API returns. Clients branch on these, never on messages.
 * Apollo Server adds its own protocol codes (`GRAPHQL_PARSE_FAILED`, `GRAPHQL_VALIDATION_FAILED`,
 * `BAD_REQUEST`, `OPERATION_RESOLUTION_FAILURE`); `BAD_USER_INPUT` and `INTERNAL_SERVER_ERROR` are
 * spelled as Apollo spells them so a client sees one vocabulary.
 */
export enum ErrorCode {
  /** An argument is malformed, out of range, ambiguous or names nothing; `argumentName` says which. */
  BAD_USER_INPUT = 'BAD_USER_INPUT',
  /** The query is larger, deeper or costlier than a configured limit (`measure` says which); refused before execution. */
  QUERY_TOO_COMPLEX = 'QUERY_TOO_COMPLEX',
  /** Neo4j cannot be reached; HTTP 503, worth retrying later. */
  DATABASE_UNAVAILABLE = 'DATABASE_UNAVAILABLE',
  /** The request's deadline (config `requestTimeoutMs`) passed; its Neo4j queries were stopped. HTTP 504. */
  QUERY_TIMEOUT = 'QUERY_TIMEOUT',
  INTERNAL_SERVER_ERROR = 'INTERNAL_SERVER_ERROR',
  /** This client spent its request or cost budget; HTTP 429 with `Retry-After` in seconds. */
  RATE_LIMITED = 'RATE_LIMITED',
  /** Too many requests in flight or waiting; HTTP 503 with `Retry-After`. */
  SERVER_OVERLOADED = 'SERVER_OVERLOADED',
  /** The answer would exceed the response-size cap; ask for fewer fields or smaller pages. */
  RESPONSE_TOO_LARGE = 'RESPONSE_TOO_LARGE',
  /** A `subscription` (or any operation type the schema does not define); HTTP 400. */
  OPERATION_NOT_SUPPORTED = 'OPERATION_NOT_SUPPORTED',
  /** An automatic persisted query whose `sha256Hash` is not the hash of its `query`; HTTP 400. */
  PERSISTED_QUERY_HASH_MISMATCH = 'PERSISTED_QUERY_HASH_MISMATCH',
  /** An automatic persisted query of a version other than 1; HTTP 400. */
  PERSISTED_QUERY_VERSION_NOT_SUPPORTED = 'PERSISTED_QUERY_VERSION_NOT_SUPPORTED',
  /** `X-KG-Min-Data-Version` is newer than the data this replica reads, still after the wait; HTTP 503 with `Retry-After`. */
  DATA_VERSION_NOT_REACHED = 'DATA_VERSION_NOT_REACHED',
  /** A malformed request header (`header` names it); HTTP 400. */
  BAD_REQUEST_HEADER = 'BAD_REQUEST_HEADER',
  /** A write without a valid token (missing, unknown, revoked, expired); HTTP 401. */
  UNAUTHENTICATED = 'UNAUTHENTICATED',
  /** A write by a token whose role does not allow it; HTTP 403. */
  FORBIDDEN = 'FORBIDDEN',
  /** A retraction that would overwrite what later writes changed; HTTP 409. */
  EDIT_CONFLICT = 'EDIT_CONFLICT',
}

/**
 * A bad argument. `argumentName` is the path of the argument as the client wrote it
 * (`maxHops`, `filter.team`), so a form can put the message next to the right field.
 */
export class BadUserInputError extends GraphQLError {
  constructor(argumentName: string, problem: string, details: Record<string, unknown> = {}) {
    super(`Argument "${argumentName}" ${problem}`, {
      extensions: { code: ErrorCode.BAD_USER_INPUT, argumentName, ...details },
    });
    this.name = 'BadUserInputError';
  }
}

/** Which limit a query broke; the README's "Limits" section describes each. */
export type ComplexityMeasure =
  | 'length'
  | 'tokens'
  | 'depth'
  | 'aliases'
  | 'rootFields'
  | 'fragmentSpreads'
  | 'fragmentDepth'
  | 'directives'
  | 'variables'
  | 'cost';

export class QueryTooComplexError extends GraphQLError {
  constructor(measure: ComplexityMeasure, actual: number, limit: number) {
    super(`Query ${measure} ${actual} exceeds the limit of ${limit}; ask for fewer nested or listed fields.`, {
      // 400: the request itself is at fault and will fail the same way if retried.
      extensions: { code: ErrorCode.QUERY_TOO_COMPLEX, measure, actual, limit, http: { status: 400 } },
    });
    this.name = 'QueryTooComplexError';
  }
}

export class DatabaseUnavailableError extends GraphQLError {
  constructor() {
    super('The graph database is unavailable; try again shortly.', {
      extensions: { code: ErrorCode.DATABASE_UNAVAILABLE },
    });
    this.name = 'DatabaseUnavailableError';
  }
}

export class QueryTimeoutError extends GraphQLError {
  constructor() {
    super('The request took longer than the server allows; ask for less, or try again later.', {
      extensions: { code: ErrorCode.QUERY_TIMEOUT },
    });
    this.name = 'QueryTimeoutError';
  }
}

/** A read cut short by the request's deadline, or by its client leaving (nobody reads that answer). */
export function isQueryCancelled(error: unknown): boolean {
  return error instanceof QueryCancelledError;
}

/**
 * Neo4j driver errors that mean "no server to talk to", as opposed to a bad query. The driver has
 * already retried them for a while (executeRead) before they reach us.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === neo4jError.SERVICE_UNAVAILABLE || code === neo4jError.SESSION_EXPIRED;
}

export interface ErrorFormatterOptions {
  /**
   * Hide the message of unexpected errors (it may quote Cypher or driver internals) behind a generic
   * one. Stack traces are Apollo's `includeStacktraceInErrorResponses`. Default `true`.
   */
  maskInternalErrors?: boolean;
  /** Told about every unexpected error with its original cause. Default: nothing. */
  onInternalError?: (error: unknown) => void;
}

/**
 * Builds Apollo's `formatError`: gives every error a code from `ErrorCode` (or Apollo's), turns driver
 * connectivity failures into `DATABASE_UNAVAILABLE` and cancelled reads into `QUERY_TIMEOUT`, and masks unexpected errors when asked to.
 */
export function createErrorFormatter(
  options: ErrorFormatterOptions = {},
): (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError {
  const { maskInternalErrors = true, onInternalError } = options;
  return (formatted, error) => {
    const cause = originalCause(error);
    if (isDatabaseUnavailable(cause)) {
      return { ...new DatabaseUnavailableError().toJSON(), locations: formatted.locations, path: formatted.path };
    }
    if (isQueryCancelled(cause)) {
      return { ...new QueryTimeoutError().toJSON(), locations: formatted.locations, path: formatted.path };
    }
    if (formatted.extensions?.code !== ErrorCode.INTERNAL_SERVER_ERROR) return formatted;
    const argumentName = argumentRefusedByGraphQL(cause);
    if (argumentName) {
      return { ...formatted, extensions: { code: ErrorCode.BAD_USER_INPUT, argumentName } };
    }
    onInternalError?.(cause);
    if (!maskInternalErrors) return formatted;
    return {
      message: 'Internal server error',
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR },
    };
  };
}

/**
 * graphql-js checks some arguments only while executing, after validation: `maxHops: $hops` with
 * `$hops` null, for an argument with a default (`Int! = 4`), or a variable default that does not fit.
 * It throws a bare GraphQLError without a code, which would read as our fault; all its messages for
 * this begin `Argument "name" `, the only structure they have.
 */
const GRAPHQL_ARGUMENT_ERROR = /^Argument "([^"]+)" (?:of (?:non-null|required) type|has invalid value)/;

export function argumentRefusedByGraphQL(cause: unknown): string | null {
  if (!(cause instanceof GraphQLError) || cause.originalError || cause.extensions.code) return null;
  return GRAPHQL_ARGUMENT_ERROR.exec(cause.message)?.[1] ?? null;
}

/** graphql-js wraps a resolver's error (sometimes twice) in GraphQLErrors; the cause is innermost. */
export function originalCause(error: unknown): unknown {
  let current = error;
  while (current instanceof GraphQLError && current.originalError) current = current.originalError;
  return current;
}
