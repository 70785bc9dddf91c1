import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { ApolloServer, type BaseContext, HeaderMap, type HTTPGraphQLRequest } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { GraphQLError, GraphQLSchema } from 'graphql';
import { DEFAULT_CONCURRENCY, DEFAULT_QUERY_LIMITS } from '../config';
import { logger as defaultLogger, type Logger } from '../logger';
import { graphqlErrors } from '../metrics';
import { createErrorFormatter, ErrorCode, QueryTooComplexError } from '../schema/errors';
import { ConcurrencyLimiter, type ConcurrencyLimiterOptions, ServerOverloadedError } from './concurrency-limiter';
import { compiledExecution } from './compiled-execution';
import { applyCors, type CorsOptions } from './cors';
import { databaseOutagePlugin } from './database-outage.plugin';
import { awaitDataVersion, type DataVersionSource } from './data-version-header';
import { queryDocumentStore } from './document-store';
import { graphqlErrorBody, statusForMediaType } from './graphql-response';
import type { Route } from './http';
import { sendJson } from './http';
import { metricsPlugin } from './metrics.plugin';
import { createQueryLimits, type QueryLimitsOptions } from './query-limits.plugin';
import { operationCost } from './operation-cost';
import { codeProtocolErrors, operationSupportPlugin } from './protocol-errors';
import { type ClientBudgets, ClientRateLimiter, clientAddress, isWarmUpRequest, RateLimitedError, rateLimitPlugin, type RateLimitOptions } from './rate-limit';
import { RedisClientBudgets } from './redis-client-budgets';
import { type CachedResponse, matchesEtag, ResponseCache } from './response-cache';
import { yieldPlugin, yieldToEventLoop } from './yield.plugin';

export interface GraphQLRouteOptions<TContext extends BaseContext> {
  schema: GraphQLSchema;
  /**
   * Called once per request: every request gets its own loaders, never another request's cache.
   * `signal` fires when the client disconnects before its answer is sent, `answered` once it has
   * been sent; `receivedAt` is when the request arrived (`Date.now()`), before any wait for a turn.
   */
  createContext: (request: {
    signal: AbortSignal;
    answered: AbortSignal;
    receivedAt: number;
    headers: IncomingHttpHeaders;
    /** Sent by the server's own warm-up (`warmUpToken`). */
    warmUp: boolean;
  }) => TContext | Promise<TContext>;
  /** Size, shape and cost limits (config `limits`). Defaults: `DEFAULT_QUERY_LIMITS` in src/config.ts. */
  limits?: QueryLimitsOptions;
  /**
   * Stack traces and the messages of unexpected errors in responses, for development. Default
   * `false`: unexpected errors reach clients as a bare "Internal server error".
   */
  debugErrors?: boolean;
  /** URL path served, for GET and POST (and OPTIONS preflights). Default `/graphql`. */
  path?: string;
  /** Largest request body accepted, in bytes; larger ones get 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Largest response body sent, in bytes; a larger answer becomes RESPONSE_TOO_LARGE. Default 8 MiB. */
  maxResponseBytes?: number;
  /** Which other origins' pages may call the API. Default: any (`*`). */
  cors?: CorsOptions;
  /**
   * Per-client request and cost budgets (429 RATE_LIMITED past them), kept in Redis when `redisUrl`
   * is given (shared by every replica), in this process's memory otherwise. Default: no rate limit.
   */
  rateLimit?: RateLimitOptions & { redisUrl?: string };
  /** Identify clients by X-Forwarded-For (see `clientAddress`). Default `false`. */
  trustProxy?: boolean;
  /** Requests carrying it in WARM_UP_HEADER (the server's own warm-up) pass the rate limit. Default: none do. */
  warmUpToken?: string;
  /** Load shedding (503 SERVER_OVERLOADED). Default 32 running, 256 waiting, 5 s wait at most. */
  concurrency?: ConcurrencyLimiterOptions;
  /**
   * Executions of a document before graphql-jit compiles it (src/server/compiled-execution.ts);
   * 1 compiles every document on its first request. Default `COMPILE_AFTER_EXECUTIONS` (2).
   */
  compileAfterExecutions?: number;
  /** Where unexpected resolver errors are logged with their stack. Default the process logger. */
  logger?: Logger;
  /**
   * The graph's data version: sent as X-KG-Data-Version on every answer, and waited for (up to
   * `maxWaitMs`) when a client sends X-KG-Min-Data-Version. Default: neither.
   */
  dataVersion?: { source: DataVersionSource; maxWaitMs: number };
  /**
   * Successful answers kept by (query, variables, operation, media type, data version) and served
   * with an ETag, 304 for a matching If-None-Match. Nothing is cached without `dataVersion` or
   * while its version is unknown. A request with `Cache-Control: no-cache` and no If-None-Match is
   * executed afresh (and its answer kept). Default: off.
   */
  responseCache?: ResponseCache;
}

/**
 * What every request's `answered` signal fires with: one shared reason, which nothing reads, where
 * a bare `abort()` builds a DOMException, stack trace and all, for every request.
 */
const ANSWERED = new Error('the answer was sent');

/**
 * Query text the parsed-document cache keeps: about the 30 MiB of document JSON that Apollo's
 * default store keeps (see queryDocumentStore), a few thousand documents of realistic queries.
 */
const DOCUMENT_STORE_CHARS = 1_000_000;

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
  const { path = '/graphql', cors } = options;
  const queryLimits = createQueryLimits<TContext>(options.limits);
  const rateLimiter = options.rateLimit && clientBudgets(options.rateLimit);
  const clientOfRequest = new WeakMap<HTTPGraphQLRequest, string>();
  const apollo = createApolloServer(options, queryLimits, rateLimiter, clientOfRequest);
  await apollo.start();
  const serving: Serving<TContext> = {
    options,
    apollo,
    rateLimiter,
    clientOfRequest,
    concurrency: new ConcurrencyLimiter(options.concurrency ?? DEFAULT_CONCURRENCY),
    maxQueryLength: options.limits?.maxLength ?? DEFAULT_QUERY_LIMITS.maxLength,
  };

  const route: Route = async (req, res) => {
    // The request's deadline counts from here: time spent queued for a turn is time the client waited.
    const receivedAt = Date.now();
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== path) return false;
    if (applyCors(req, res, cors)) return true;
    if (req.method !== 'GET' && req.method !== 'POST') return false;
    const admitted = await admitRequest(serving, req, res, url);
    if (admitted) await executeRequest(serving, req, res, url, admitted, receivedAt);
    return true;
  };

  return {
    route,
    async stop() {
      await apollo.stop();
      await rateLimiter?.close();
    },
  };
}

/** What the route's requests share: the running Apollo Server, the limiters and the options. */
interface Serving<TContext extends BaseContext> {
  options: GraphQLRouteOptions<TContext>;
  apollo: ApolloServer<TContext>;
  rateLimiter: ClientBudgets | undefined;
  /** Which client sent a request, for the rate limit's cost plugin. */
  clientOfRequest: WeakMap<HTTPGraphQLRequest, string>;
  concurrency: ConcurrencyLimiter;
  maxQueryLength: number;
}

function createApolloServer<TContext extends BaseContext>(
  options: GraphQLRouteOptions<TContext>,
  queryLimits: ReturnType<typeof createQueryLimits<TContext>>,
  rateLimiter: ClientBudgets | undefined,
  clientOfRequest: WeakMap<HTTPGraphQLRequest, string>,
): ApolloServer<TContext> {
  const { schema, limits, debugErrors = false } = options;
  const log = options.logger ?? defaultLogger;
  const formatError = createErrorFormatter({
    maskInternalErrors: !debugErrors,
    onInternalError: (error) => log.error({ err: error }, 'unexpected GraphQL error'),
  });
  return new ApolloServer<TContext>({
    gateway: compiledExecution(schema, { compileAfterExecutions: options.compileAfterExecutions }),
    // The schema is public and committed as schema/schema.graphql; GraphiQL in web/ needs it live.
    introspection: true,
    // Set from our config rather than Apollo's own reading of NODE_ENV, so tests can run both modes.
    includeStacktraceInErrorResponses: debugErrors,
    parseOptions: queryLimits.parseOptions,
    documentStore: queryDocumentStore(DOCUMENT_STORE_CHARS),
    validationRules: queryLimits.validationRules,
    formatError: queryLimits.keepRefusalCodes((formatted, error) => formatError(codeProtocolErrors(formatted), error)),
    // The main process owns signal handling and shuts Apollo down through `stop`.
    stopOnTerminationSignals: false,
    plugins: [
      // Apollo's landing page loads from its CDN, which a closed deployment cannot reach; web/ serves GraphiQL.
      ApolloServerPluginLandingPageDisabled(),
      // Cache hints are unused (the response cache keys by data version), and the default plugin
      // wraps every field's resolver to collect them: measured at a few % of CPU per request.
      ApolloServerPluginCacheControlDisabled(),
      yieldPlugin<TContext>(),
      operationSupportPlugin<TContext>(),
      queryLimits.plugin,
      ...(rateLimiter
        ? [rateLimitPlugin<TContext>({ limiter: rateLimiter, clientOf: clientOfRequest, costOf: (requestContext) => operationCost(requestContext, limits) })]
        : []),
      databaseOutagePlugin<TContext>(),
      metricsPlugin<TContext>(),
    ],
  });
}

interface AdmittedRequest {
  body: unknown;
  client: string;
  /** The rate limiter that admitted it; none for the server's own warm-up requests. */
  limiter: ClientBudgets | undefined;
  /** Sent by the server's own warm-up. */
  warmUp: boolean;
}

/**
 * The checks before a request waits for a turn: the client's request budget, the body's size, the
 * query's length and the data version asked for. Undefined when one refused it (already answered).
 */
async function admitRequest<TContext extends BaseContext>(
  { options, rateLimiter, maxQueryLength }: Serving<TContext>, req: IncomingMessage, res: ServerResponse, url: URL,
): Promise<AdmittedRequest | undefined> {
  const client = clientAddress(req, options.trustProxy ?? false);
  const warmUp = isWarmUpRequest(req, options.warmUpToken);
  // A request the limiter never sees, nor remembers for the cost plugin.
  const limiter = warmUp ? undefined : rateLimiter;
  const retryAfter = (await limiter?.admitRequest(client)) ?? 0;
  if (retryAfter > 0) {
    sendGraphQLError(res, new RateLimitedError('requests', retryAfter));
    return undefined;
  }
  const body = await readBody(req, res, options.maxBodyBytes ?? 1 << 20);
  if (body === undefined) return undefined;
  // Before Apollo parses it: lexing a 1 MiB query holds the event loop for tens of milliseconds.
  const queryLength = queryTextLength(body, url);
  if (queryLength > maxQueryLength) {
    sendGraphQLError(res, new QueryTooComplexError('length', queryLength, maxQueryLength));
    return undefined;
  }
  const versionRefused = options.dataVersion && (await awaitDataVersion(req, res, options.dataVersion.source, options.dataVersion.maxWaitMs));
  if (versionRefused) {
    sendGraphQLError(res, versionRefused);
    return undefined;
  }
  return { body, client, limiter, warmUp };
}

/** Answers from the response cache, or executes the request in its turn (503 when none comes). */
async function executeRequest<TContext extends BaseContext>(
  serving: Serving<TContext>, req: IncomingMessage, res: ServerResponse, url: URL, { body, client, limiter, warmUp }: AdmittedRequest, receivedAt: number,
): Promise<void> {
  const { options, apollo } = serving;
  const cache = options.dataVersion && options.responseCache;
  const cacheKey = cache ? responseCacheKey(options.dataVersion!.source.current(), req, url, body) : undefined;
  if (cacheKey?.lookUp) {
    const hit = cache!.get(cacheKey.key) ?? (await cache!.executingNow(cacheKey.key));
    if (hit) {
      sendCached(req, res, hit);
      return;
    }
  }
  // The first of identical requests executes; the others wait for its answer (see executingNow).
  const settle = cacheKey && cache!.startExecuting(cacheKey.key);
  let sent: CachedResponse | undefined;
  const turn = await serving.concurrency.acquire();
  if ('shed' in turn) {
    settle?.(undefined);
    sendGraphQLError(res, new ServerOverloadedError(turn.shed));
    return;
  }
  try {
    const httpGraphQLRequest: HTTPGraphQLRequest = {
      method: req.method!,
      headers: toHeaderMap(req),
      search: url.search,
      body,
    };
    if (limiter) serving.clientOfRequest.set(httpGraphQLRequest, client);
    const clientGone = new AbortController();
    const answered = new AbortController();
    res.once('close', () => (res.writableFinished ? answered.abort(ANSWERED) : clientGone.abort()));
    const response = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest,
      context: async () => options.createContext({ signal: clientGone.signal, answered: answered.signal, receivedAt, headers: req.headers, warmUp }),
    });
    sent = await writeResponse(res, response, options.maxResponseBytes ?? 8 << 20, cacheKey !== undefined);
  } finally {
    settle?.(sent);
    turn.release();
  }
}

function clientBudgets({ redisUrl, ...options }: RateLimitOptions & { redisUrl?: string }): ClientBudgets {
  return redisUrl ? new RedisClientBudgets(redisUrl, options) : new ClientRateLimiter(options);
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
function readBody(req: IncomingMessage, res: ServerResponse, maxBytes: number): Promise<unknown> {
  if (req.method !== 'POST') return Promise.resolve('');
  const tooLarge = () => refuseOversizeBody(req, res, `request body exceeds ${maxBytes} bytes`);
  if (Number(req.headers['content-length']) > maxBytes) {
    tooLarge();
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData).off('end', onEnd);
      tooLarge();
      resolve(undefined);
    };
    // Decoding and parsing a large body is this turn's work; the cache key (its serialisation and
    // hash) and the rest wait for the next (see yieldPlugin).
    const settle = (value: unknown) => (size > LARGE_BODY_BYTES ? yieldToEventLoop().then(() => resolve(value)) : resolve(value));
    const onEnd = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (!/^application\/(graphql-response\+)?json\b/i.test(req.headers['content-type'] ?? '')) return settle(text);
      try {
        settle(JSON.parse(text));
      } catch (error) {
        sendJson(res, 400, badRequest(`request body is not valid JSON: ${(error as Error).message}`));
        resolve(undefined);
      }
    };
    // The client left mid-body, or Node cut it off as too slow (408): there is no one left to answer.
    req.on('data', onData).on('end', onEnd).once('error', () => resolve(undefined));
  });
}

/**
 * A body past this size yields the event loop once it is parsed: decoding and parsing up to 1 MiB
 * (a list variable of thousands of items) took some 10-30 ms of CPU, and the cache key and Apollo's
 * work followed in the same turn. Realistic queries are well under a kilobyte and never wait.
 */
const LARGE_BODY_BYTES = 64 << 10;

/** How long an over-large body is read and thrown away before the connection is cut. */
const OVERSIZE_LINGER_MS = 5_000;

/**
 * Answers 413 so that the client reads it. Closing the socket while the client is still sending
 * makes the kernel reset the connection, and a client that writes its whole body before reading
 * (as most blocking HTTP libraries do) then gets ECONNRESET or EPIPE instead of the answer; so
 * did ours. Instead the answer goes out at once with `Connection: close`, the rest of the body is
 * read and discarded, and the response ends (Node then closes the socket cleanly) once the body is
 * in, or the socket is cut after `OVERSIZE_LINGER_MS`.
 */
function refuseOversizeBody(req: IncomingMessage, res: ServerResponse, message: string): void {
  const body = JSON.stringify(badRequest(message));
  res.writeHead(413, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  res.write(body);
  const linger = setTimeout(() => req.socket.destroy(), OVERSIZE_LINGER_MS);
  req.once('close', () => clearTimeout(linger));
  req.once('end', () => res.end());
  req.resume();
}

function badRequest(message: string) {
  return graphqlErrorBody(message, { code: 'BAD_REQUEST' });
}

/** The length of the query text a request carries (a POST body's `query`, a GET's `?query=`), or 0. */
function queryTextLength(body: unknown, url: URL): number {
  const query = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as { query?: unknown }).query : url.searchParams.get('query');
  return typeof query === 'string' ? query.length : 0;
}

function sendGraphQLError(res: ServerResponse, error: GraphQLError): void {
  const { http, ...extensions } = error.extensions as { http: { status: number; headers?: HeaderMap }; code: string };
  for (const [name, value] of http.headers ?? []) res.setHeader(name, value);
  // Counted here because the metrics plugin never sees a request refused before Apollo.
  graphqlErrors.inc({ code: extensions.code });
  sendJson(res, http.status, graphqlErrorBody(error.message, extensions));
}

/** A document that may hold a mutation (or merely mentions the word): never answered from, nor kept in, the cache. */
const MUTATION = /\bmutation\b/;

/**
 * The cache key of a query request (a JSON POST or a GET), or undefined when none is cached.
 * `lookUp` is false when the client asked for a fresh answer (`Cache-Control: no-cache`).
 */
function responseCacheKey(
  version: string | undefined,
  req: IncomingMessage,
  url: URL,
  body: unknown,
): { key: string; lookUp: boolean } | undefined {
  if (version === undefined) return undefined;
  const params =
    req.method === 'GET'
      ? Object.fromEntries(['query', 'variables', 'operationName', 'extensions'].map((name) => [name, url.searchParams.get(name)]))
      : body !== null && typeof body === 'object' && !Array.isArray(body)
        ? (body as Record<string, unknown>)
        : undefined;
  if (typeof params?.query !== 'string' || MUTATION.test(params.query)) return undefined;
  const { query, variables, operationName, extensions } = params;
  // The media type asked for decides the status code of some answers (graphql-response).
  const key = ResponseCache.key(version, [req.method, req.headers.accept ?? '', query, variables, operationName, extensions]);
  if (key === undefined) return undefined;
  // fetch() adds `no-cache` to every conditional request: a revalidation still looks up.
  const fresh = /\bno-(cache|store)\b/i.test(req.headers['cache-control'] ?? '') && !req.headers['if-none-match'];
  return { key, lookUp: !fresh };
}

function sendCached(req: IncomingMessage, res: ServerResponse, hit: CachedResponse): void {
  res.setHeader('etag', hit.etag);
  res.setHeader('cache-control', 'no-cache');
  if (matchesEtag(req.headers['if-none-match'], hit.etag)) {
    res.writeHead(304).end();
    return;
  }
  res.writeHead(hit.status, { 'content-type': hit.contentType }).end(hit.body);
}

/** With `cacheable`, returns what it sent when that is a complete answer without errors, with its ETag set. */
async function writeResponse(
  res: ServerResponse,
  response: Awaited<ReturnType<ApolloServer['executeHTTPGraphQLRequest']>>,
  maxResponseBytes: number,
  cacheable = false,
): Promise<CachedResponse | undefined> {
  for (const [name, value] of response.headers) res.setHeader(name, value);
  const status = response.status ?? 200;
  if (response.body.kind === 'complete') {
    const text = response.body.string;
    // Encoded once: the length, the ETag, the socket and the cache use these bytes. Handed the
    // string, Node and the cache measured its UTF-8 length four times (the 40-match page's 72 KB).
    const body = Buffer.from(text);
    if (body.length > maxResponseBytes) {
      // 400 like QUERY_TOO_COMPLEX: the same request fails the same way; it must ask for less.
      res.statusCode = 400;
      graphqlErrors.inc({ code: ErrorCode.RESPONSE_TOO_LARGE });
      res.end(JSON.stringify(tooLargeBody(body.length, maxResponseBytes)));
      return undefined;
    }
    res.statusCode = statusForMediaType(status, res.getHeader('content-type'), text);
    // `"errors":` with bare quotes can only be the key: quotes inside JSON strings are escaped.
    const keep = cacheable && res.statusCode === 200 && !text.includes('"errors":');
    const contentType = String(res.getHeader('content-type') ?? 'application/json');
    const etag = keep ? ResponseCache.etagOf(body) : undefined;
    if (etag) {
      res.setHeader('etag', etag);
      res.setHeader('cache-control', 'no-cache');
    }
    res.end(body);
    return etag ? { status: 200, contentType, body, etag } : undefined;
  }
  // Incremental delivery (@defer) streams: the status is sent first, so past the cap the stream is cut.
  res.statusCode = status;
  let sent = 0;
  for await (const chunk of response.body.asyncIterator) {
    sent += Buffer.byteLength(chunk);
    if (sent > maxResponseBytes) {
      res.destroy();
      return;
    }
    res.write(chunk);
  }
  res.end();
}

function tooLargeBody(bytes: number, limit: number) {
  return graphqlErrorBody(`The response would be ${bytes} bytes, over the limit of ${limit}; ask for fewer fields or smaller pages.`, {
    code: ErrorCode.RESPONSE_TOO_LARGE,
    actual: bytes,
    limit,
  });
}
