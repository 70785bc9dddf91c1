import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { GraphClient } from '../graph/driver';
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
 * The service's HTTP server: `GET /health/live`, `GET /health/ready`, `GET /metrics`, then the
 * caller's routes, then 404. Call `.listen()` on the result.
 */
export function createHttpServer(options: HttpServerOptions): http.Server {
  const checkReadiness = createReadinessCheck(options.graph, options.readiness);
  const builtIn: Route[] = [
    route('GET', '/health/live', async (_req, res) => sendJson(res, 200, { status: 'live' })),
    route('GET', '/health/ready', async (_req, res) => {
      const readiness = await checkReadiness();
      if (readiness.ready) sendJson(res, 200, { status: 'ready' });
      else sendJson(res, 503, { status: 'unavailable', reason: readiness.reason });
    }),
    route('GET', '/metrics', async (_req, res) => {
      res.writeHead(200, { 'content-type': registry.contentType });
      res.end(await registry.metrics());
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
  return http.createServer(serverOptions, (req, res) => {
    const started = process.hrtime.bigint();
    setSecurityHeaders(res);
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
