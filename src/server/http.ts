import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { GraphClient } from '../graph/driver';
import { logger } from '../logger';
import { registry } from '../metrics';
import { createReadinessCheck, type ReadinessOptions } from './readiness';

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
}

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

  return http.createServer((req, res) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // Probes and scrapes arrive every few seconds; at info they would drown the useful lines.
      const level = req.url?.startsWith('/health/') || req.url === '/metrics' ? 'debug' : 'info';
      logger[level]({ method: req.method, url: req.url, status: res.statusCode, ms: Math.round(ms) }, 'request');
    });
    dispatch(routes, req, res).catch((error: unknown) => {
      logger.error({ err: error, method: req.method, url: req.url }, 'request failed');
      if (!res.headersSent) sendJson(res, 500, { error: 'internal server error' });
      else res.destroy();
    });
  });
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
