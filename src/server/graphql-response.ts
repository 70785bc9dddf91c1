import type { OutgoingHttpHeader } from 'node:http';

/** A GraphQL response holding only request errors, as answered outside Apollo. */
export function graphqlErrorBody(message: string, extensions: Record<string, unknown>) {
  return { errors: [{ message, extensions }] };
}

/**
 * Request errors that GraphQL over HTTP answers with 200 under the legacy `application/json`
 * media type: the request was well-formed HTTP, and such clients read errors from the body.
 * Under `application/graphql-response+json` they stay 400, as Apollo sends them.
 */
const LEGACY_JSON_REQUEST_ERRORS = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT']);

/**
 * The status for an Apollo response as the GraphQL-over-HTTP spec has it for the negotiated media
 * type. Apollo answers 400 for parse, validation and variable-coercion failures whatever the client
 * accepts; graphql-http's audit flags that for `application/json`. Our own refusals
 * (QUERY_TOO_COMPLEX, RATE_LIMITED, ...) keep their status: they are not plain request errors.
 */
export function statusForMediaType(status: number, contentType: OutgoingHttpHeader | undefined, body: string): number {
  if (status !== 400 || !/^application\/json\b/i.test(String(contentType ?? ''))) return status;
  const response = JSON.parse(body) as { data?: unknown; errors?: Array<{ extensions?: { code?: unknown } }> };
  const onlyRequestErrors =
    response.data === undefined &&
    !!response.errors?.length &&
    response.errors.every((error) => LEGACY_JSON_REQUEST_ERRORS.has(String(error.extensions?.code)));
  return onlyRequestErrors ? 200 : status;
}
