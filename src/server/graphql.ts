import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApolloServer, type BaseContext, HeaderMap, type HTTPGraphQLRequest } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { GraphQLSchema } from 'graphql';
import { logger as defaultLogger, type Logger } from '../logger';
import { createErrorFormatter } from '../schema/errors';
import { databaseOutagePlugin } from './database-outage.plugin';
import type { Route } from './http';
import { sendJson } from './http';
import { metricsPlugin } from './metrics.plugin';
import { createQueryLimits, type QueryLimitsOptions } from './query-limits.plugin';

export interface GraphQLRouteOptions<TContext extends BaseContext> {
  schema: GraphQLSchema;
  /**
   * Called once per request: every request gets its own loaders, never another request's cache.
   * `signal` fires when the client disconnects before its answer is sent.
   */
  createContext: (request: { signal: AbortSignal }) => TContext | Promise<TContext>;
  /** Size, shape and cost limits (config `limits`). Defaults: `DEFAULT_QUERY_LIMITS` in src/config.ts. */
  limits?: QueryLimitsOptions;
  /**
   * Production mode: no stack traces, and unexpected errors reach clients as a bare
   * "Internal server error". Default `false`.
   */
  production?: boolean;
  /** URL path served, for GET and POST. Default `/graphql`. */
  path?: string;
  /** Largest request body accepted, in bytes; larger ones get 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Where unexpected resolver errors are logged with their stack. Default the process logger. */
  logger?: Logger;
}

export interface GraphQLRoute {
  /** Plug into `createHttpServer({ routes })`. */
  route: Route;
  /** Drains Apollo Server; call before closing the HTTP server. */
  stop(): Promise<void>;
}

/**
 * Apollo Server 5 on our plain node:http server, through `executeHTTPGraphQLRequest` (no Express).
 * Handles GET and POST on `path`; anything else is left to the next route.
 */
export async function startGraphQLRoute<TContext extends BaseContext>(
  options: GraphQLRouteOptions<TContext>,
): Promise<GraphQLRoute> {
  const { schema, createContext, limits, production = false, path = '/graphql', maxBodyBytes = 1 << 20 } = options;
  const log = options.logger ?? defaultLogger;
  const queryLimits = createQueryLimits<TContext>(limits);
  const apollo = new ApolloServer<TContext>({
    schema,
    // The schema is public and committed as schema/schema.graphql; GraphiQL in web/ needs it live.
    introspection: true,
    // Set from our config rather than Apollo's own reading of NODE_ENV, so tests can run both modes.
    includeStacktraceInErrorResponses: !production,
    parseOptions: queryLimits.parseOptions,
    validationRules: queryLimits.validationRules,
    formatError: queryLimits.keepRefusalCodes(
      createErrorFormatter({
        maskInternalErrors: production,
        onInternalError: (error) => log.error({ err: error }, 'unexpected GraphQL error'),
      }),
    ),
    // The main process owns signal handling and shuts Apollo down through `stop`.
    stopOnTerminationSignals: false,
    plugins: [
      // Apollo's landing page loads from its CDN, which a closed deployment cannot reach; web/ serves GraphiQL.
      ApolloServerPluginLandingPageDisabled(),
      queryLimits.plugin,
      databaseOutagePlugin<TContext>(),
      metricsPlugin<TContext>(),
    ],
  });
  await apollo.start();

  const route: Route = async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== path || (req.method !== 'GET' && req.method !== 'POST')) return false;
    const body = await readBody(req, res, maxBodyBytes);
    if (body === undefined) return true;
    const httpGraphQLRequest: HTTPGraphQLRequest = {
      method: req.method,
      headers: toHeaderMap(req),
      search: url.search,
      body,
    };
    const clientGone = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) clientGone.abort();
    });
    const response = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest,
      context: async () => createContext({ signal: clientGone.signal }),
    });
    await writeResponse(res, response);
    return true;
  };

  return { route, stop: () => apollo.stop() };
}

function toHeaderMap(req: IncomingMessage): HeaderMap {
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/**
 * The parsed JSON body for a JSON POST, the raw text otherwise (Apollo then explains what it
 * expected; a GET carries its operation in the query string), or undefined when this function has
 * already answered with an error.
 */
async function readBody(req: IncomingMessage, res: ServerResponse, maxBytes: number): Promise<unknown> {
  if (req.method !== 'POST') return '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      sendJson(res, 413, badRequest(`request body exceeds ${maxBytes} bytes`));
      req.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!/^application\/(graphql-response\+)?json\b/i.test(req.headers['content-type'] ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch (error) {
    sendJson(res, 400, badRequest(`request body is not valid JSON: ${(error as Error).message}`));
    return undefined;
  }
}

function badRequest(message: string) {
  return { errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] };
}

async function writeResponse(
  res: ServerResponse,
  response: Awaited<ReturnType<ApolloServer['executeHTTPGraphQLRequest']>>,
): Promise<void> {
  for (const [name, value] of response.headers) res.setHeader(name, value);
  res.statusCode = response.status ?? 200;
  if (response.body.kind === 'complete') {
    res.end(response.body.string);
    return;
  }
  for await (const chunk of response.body.asyncIterator) res.write(chunk);
  res.end();
}
