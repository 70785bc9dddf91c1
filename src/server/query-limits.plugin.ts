import type { ApolloServerOptions, ApolloServerPlugin, BaseContext } from '@apollo/server';
import { ApolloServerErrorCode } from '@apollo/server/errors';
import { type GraphQLFormattedError, type ParseOptions, type Source, type ValidationRule, Lexer, TokenKind } from 'graphql';
import { DEFAULT_QUERY_LIMITS, type QueryLimits } from '../config';
import { ErrorCode, QueryTooComplexError, originalCause } from '../schema/errors';
import { requestCost } from './query-cost';
import { queryShapeRule } from './query-shape.rule';

export interface QueryLimitsOptions extends Partial<QueryLimits> {
  /** Assumed length of a list that no `first` argument bounds. Default 10. */
  defaultListSize?: number;
}

type FormatError = NonNullable<ApolloServerOptions<BaseContext>['formatError']>;

/** The pieces Apollo Server needs, each acting at its own stage of a request. */
export interface QueryLimitsWiring<TContext extends BaseContext> {
  /** Apollo's `parseOptions`: the parser stops after `maxTokens` tokens. */
  parseOptions: ParseOptions;
  /** Apollo's `validationRules`: the shape limits, checked before the rest of validation walks the query. */
  validationRules: ValidationRule[];
  /** The cost limit, once the operation and its variables are known and before anything executes. */
  plugin: ApolloServerPlugin<TContext>;
  /** Wraps Apollo's `formatError` so that every refusal reaches clients as QUERY_TOO_COMPLEX. */
  keepRefusalCodes(formatError: FormatError): FormatError;
}

/**
 * Limits on what one request may ask for, all checked before any resolver runs: the token count while
 * parsing, the shape (length, depth, aliases, root fields, fragments, directives, variables) before
 * validation, and the estimated cost and list arguments before execution. Each refusal is a
 * QUERY_TOO_COMPLEX error (HTTP 400) whose `measure` names the limit, or BAD_USER_INPUT for an
 * argument the cost model cannot accept. Defaults: `DEFAULT_QUERY_LIMITS` in src/config.ts.
 */
export function createQueryLimits<TContext extends BaseContext>(options: QueryLimitsOptions = {}): QueryLimitsWiring<TContext> {
  const { defaultListSize = 10, ...overrides } = options;
  const limits: QueryLimits = { ...DEFAULT_QUERY_LIMITS, ...overrides };
  return {
    parseOptions: { maxTokens: limits.maxTokens },
    validationRules: [queryShapeRule(limits)],
    plugin: queryCostPlugin<TContext>(limits, defaultListSize),
    keepRefusalCodes: (formatError) => (formatted, error) => formatError(withRefusalCode(formatted, error, limits.maxTokens), error),
  };
}

function queryCostPlugin<TContext extends BaseContext>(limits: QueryLimits, defaultListSize: number): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          // Without an operation nothing executes: graphql-js answers "unknown operation" itself.
          if (!operation) return;
          const cost = requestCost(
            { schema, document, operationName: operation.name?.value, request },
            { defaultListSize, maxListLength: limits.maxListLength },
          );
          if (cost > limits.maxCost) throw new QueryTooComplexError('cost', cost, limits.maxCost);
        },
      };
    },
  };
}

/**
 * Apollo gives its own codes to refusals made while parsing (GRAPHQL_PARSE_FAILED) and validating
 * (GRAPHQL_VALIDATION_FAILED); clients need to tell "too big" from "malformed".
 */
function withRefusalCode(formatted: GraphQLFormattedError, error: unknown, maxTokens: number): GraphQLFormattedError {
  const cause = originalCause(error);
  if (cause instanceof QueryTooComplexError) {
    return { ...formatted, extensions: { ...formatted.extensions, code: ErrorCode.QUERY_TOO_COMPLEX } };
  }
  const source = (error as { source?: Source } | null)?.source;
  if (formatted.extensions?.code !== ApolloServerErrorCode.GRAPHQL_PARSE_FAILED || !source || !stoppedAtTokenLimit(source, formatted, maxTokens)) {
    return formatted;
  }
  const { http: _status, ...extensions } = new QueryTooComplexError('tokens', maxTokens + 1, maxTokens).extensions;
  return { message: `Query has more than ${maxTokens} tokens, the limit; parsing stopped there.`, extensions };
}

/**
 * Whether a parse error is the parser's token limit rather than bad syntax: the limit stops the
 * parser at the start of token `maxTokens + 1`. (Told by position, not by graphql-js's message.)
 */
function stoppedAtTokenLimit(source: Source, formatted: GraphQLFormattedError, maxTokens: number): boolean {
  const lexer = new Lexer(source);
  try {
    for (let count = 0; count < maxTokens; count++) {
      if (lexer.advance().kind === TokenKind.EOF) return false;
    }
    const next = lexer.advance();
    const [location] = formatted.locations ?? [];
    return next.kind !== TokenKind.EOF && location?.line === next.line && location.column === next.column;
  } catch {
    // A lexical error before the limit: the parser stopped there, at bad syntax.
    return false;
  }
}
