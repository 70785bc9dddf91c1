import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { GraphClient } from '../graph/driver/driver';
import { logger } from '../logger';
import { registry } from '../metrics';
import { createReadinessCheck, type ReadinessOptions } from './readiness';
import { setSecurityHeaders } from './security-headers';

/**
 * A request handler that may decline: it resolves `true` when it answered the request, `false` to
 * let the next route try. `/graphql` and the static pages plug in this way.
 */
export type Route = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

export interface HttpServerOptions {
  graph: GraphClient;
  /** Tried in order after the built-in health and metrics routes. Default none. */
  routes?: Route[];
  readiness?: ReadinessOptions;
  /** Limits on slow clients. Defaults: those of {@link DEFAULT_TIMEOUTS}. */
  timeouts?: Partial<HttpTimeouts>;
  /** Requests logged at debug rather than info, besides probes and scrapes: the start-up warm-up's own. */
  quietRequest?: (req: IncomingMessage) => boolean;
  /**
   * True once the process is shutting down: /health/ready answers 503 and every answer closes its
   * connection, so that no idle keep-alive connection is left to cut. Default never.
   */
  stopping?: () => boolean;
}

export interface HttpTimeouts {
  /** Milliseconds a client has to send the request head. */
  headersMs: number;
  /** Milliseconds a client has to send the whole request, body included; past it Node answers 408 and closes. */
  requestMs: number;
  /** Milliseconds an idle keep-alive connection stays open. */
  keepAliveMs: number;
}

/**
 * Node's defaults (60 s for the head, 300 s for the request) let a slow client hold a connection for
 * minutes; a GraphQL request is at most a 1 MiB body, which any client sends in seconds.
 */
export const DEFAULT_TIMEOUTS: HttpTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 };

/**
 * The service's HTTP server: `GET /health/live`, `GET /health/ready`, then the caller's routes,
 * then 404. Call `.listen()` on the result. `/metrics` has its own server (`createMetricsServer`).
 */
export function createHttpServer(options: HttpServerOptions): http.Server {
  const { stopping = () => false } = options;
  const checkReadiness = createReadinessCheck(options.graph, { ...options.readiness, stopping });
  const builtIn: Route[] = [
    route('GET', '/health/live', async (_req, res) => sendJson(res, 200, { status: 'live' })),
    route('GET', '/health/ready', async (_req, res) => {
      const readiness = await checkReadiness();
      if (readiness.ready) sendJson(res, 200, { status: 'ready' });
      else sendJson(res, 503, { status: 'unavailable', reason: readiness.reason });
    }),
  ];
  const routes = [...builtIn, ...(options.routes ?? [])];

  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const serverOptions: http.ServerOptions = {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // How often Node checks the two timeouts above; its default of 30 s would let them overrun by that much.
    connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs),
  };
  const server = http.createServer(serverOptions, (req, res) => {
    const started = process.hrtime.bigint();
    setSecurityHeaders(res);
    if (stopping()) res.shouldKeepAlive = false;
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger[requestLogLevel(req, options.quietRequest)]({ method: req.method, url: req.url, status: res.statusCode, ms: Math.round(ms) }, 'request');
    });
    dispatch(routes, req, res).catch((error: unknown) => {
      logger.error({ err: error, method: req.method, url: req.url }, 'request failed');
      if (!res.headersSent) sendJson(res, 500, { error: 'internal server error' });
      else res.destroy();
    });
  });
  server.on('clientError', answerClientError);
  return server;
}

/**
 * `/metrics` on a listener of its own (config `metrics`), apart from the public port: what it tells
 * (traffic, error counts, timings) is for the operator's scraper, which reaches each replica
 * directly, whereas through a balancer a scrape would read one replica at random.
 */
export function createMetricsServer(): http.Server {
  return http.createServer((req, res) => {
    if (req.method !== 'GET' || pathOf(req) !== '/metrics') return sendJson(res, 404, { error: 'only GET /metrics here' });
    void registry.metrics().then((text) => {
      res.writeHead(200, { 'content-type': registry.contentType });
      res.end(text);
    });
  });
}

/** How long the rest of a refused request is read and dropped before the connection is cut. */
const CLIENT_ERROR_LINGER_MS = 2_000;

const answeredSockets = new WeakSet<Duplex>();

const CLIENT_ERROR_STATUS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/**
 * Answers a request Node could not parse (headers too large, a malformed head, too slow), then
 * closes the connection cleanly. Node's own answer destroys the socket at once, and a client still
 * sending its headers then gets a reset instead of the answer. Here the rest of what the client
 * sends is read and dropped, the socket is ended with a FIN, and cut only if the client keeps
 * sending past CLIENT_ERROR_LINGER_MS.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // The parser stays failed and reports each further chunk the client sends: answered once.
  if (answeredSockets.has(socket)) return;
  answeredSockets.add(socket);
  // A response already under way on this socket (a pipelined request behind it failed to parse):
  // a second status line would corrupt it, so the connection can only be cut, as Node does.
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
  if (!socket.writable || socket.writableEnded || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? '400 Bad Request';
  const body = JSON.stringify({ error: status.slice(4) });
  socket.removeAllListeners('data');
  socket.on('data', () => undefined);
  socket.on('error', () => undefined);
  const linger = setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS);
  socket.once('close', () => clearTimeout(linger));
  socket.end(
    `HTTP/1.1 ${status}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * The level a finished request is logged at. Probes and scrapes arrive every few seconds, and the
 * start-up warm-up sends some 180 requests of its own (`quiet`): at info they would drown the
 * useful lines.
 */
export function requestLogLevel(req: IncomingMessage, quiet?: (req: IncomingMessage) => boolean): 'debug' | 'info' {
  if (req.url?.startsWith('/health/') || req.url === '/metrics') return 'debug';
  return quiet?.(req) ? 'debug' : 'info';
}

async function dispatch(routes: Route[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  for (const handle of routes) if (await handle(req, res)) return;
  sendJson(res, 404, { error: `no route for ${req.method} ${pathOf(req)}` });
}

function route(method: string, path: string, handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>): Route {
  return async (req, res) => {
    if (req.method !== method || pathOf(req) !== path) return false;
    await handle(req, res);
    return true;
  };
}

function pathOf(req: IncomingMessage): string {
  return new URL(req.url ?? '/', 'http://localhost').pathname;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}
