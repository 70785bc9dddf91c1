import type { TypedDocumentString } from './generated/graphql';

/**
 * The one way the pages talk to the server: a GraphQL POST to the public endpoint, same origin,
 * so the pages work wherever the API is served and never reach another host.
 */
export const GRAPHQL_PATH = '/graphql';

export interface GraphQLRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

export interface GraphQLResponse<Data> {
  data?: Data | null;
  errors?: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }>;
}

/** Sends a request (with `headers`, e.g. an editor's Authorization) and returns the response body as the server wrote it, errors included. */
export async function postGraphQL<Data = unknown>(request: GraphQLRequest, headers: Record<string, string> = {}): Promise<GraphQLResponse<Data>> {
  const response = await fetch(GRAPHQL_PATH, {
    method: 'POST',
    // The caller's own headers (the playground's Headers tab: an editor's token) cannot change the content type.
    headers: { ...headers, 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
    body: JSON.stringify(request),
  });
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) {
    throw new Error(
      `${GRAPHQL_PATH} answered ${response.status} with ${contentType || 'no content type'}, expected JSON`,
    );
  }
  return (await response.json()) as GraphQLResponse<Data>;
}

/**
 * Sends one of the pages' documents (typed from the schema by `npm run codegen`) and returns its
 * data, throwing when the server reports any error.
 */
export async function queryGraphQL<Data, Variables>(document: TypedDocumentString<Data, Variables>, variables?: Variables): Promise<Data> {
  const { data, errors } = await postGraphQL<Data>({ query: document.toString(), variables: variables as Record<string, unknown> | undefined });
  if (errors?.length) throw new Error(errors.map((error) => error.message).join('; '));
  if (data == null) throw new Error('the GraphQL response had neither data nor errors');
  return data;
}
