import type { IncomingMessage, ServerResponse } from 'node:http';

export interface CorsOptions {
  /** Origins whose pages may call the API, e.g. `['https://app.example.org']`; `'*'` for any. Default `'*'`. */
  allowedOrigins?: '*' | readonly string[];
  /** Seconds a browser may cache a preflight answer. Default 7200 (Chromium's ceiling). */
  maxAgeSeconds?: number;
}

const ALLOWED_METHODS = 'GET, POST, OPTIONS';

/**
 * Cross-origin access to one route. Without credentials (this API uses no cookies or auth
 * headers), `*` exposes nothing a server-side client could not fetch anyway. Apollo's CSRF
 * prevention still runs after this: a cross-origin page must send a non-simple request (JSON
 * content type or `apollo-require-preflight`), so it is preflighted here first.
 *
 * Adds the CORS headers to `res` and answers a preflight (`OPTIONS` with
 * `Access-Control-Request-Method`) itself, returning `true` when it has answered.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, options: CorsOptions = {}): boolean {
  const { allowedOrigins = '*', maxAgeSeconds = 7200 } = options;
  const origin = req.headers.origin;
  if (allowedOrigins === '*') {
    res.setHeader('access-control-allow-origin', '*');
  } else {
    // The answer depends on Origin, so caches must keep one copy per origin.
    res.setHeader('vary', 'Origin');
    if (origin && allowedOrigins.includes(origin)) res.setHeader('access-control-allow-origin', origin);
  }
  if (req.method !== 'OPTIONS') {
    // Not CORS-safelisted headers: without this a page could not read when to retry after 429 or
    // 503, nor the data version to send back for read-your-writes.
    res.setHeader('access-control-expose-headers', 'Retry-After, X-KG-Data-Version');
    return false;
  }
  res.setHeader('access-control-allow-methods', ALLOWED_METHODS);
  const requestedHeaders = req.headers['access-control-request-headers'];
  // Echoing the requested headers lets any GraphQL client's own headers through; nothing is
  // credentialed, so no header grants more than the request itself could.
  if (requestedHeaders) res.setHeader('access-control-allow-headers', requestedHeaders);
  res.setHeader('access-control-max-age', String(maxAgeSeconds));
  res.writeHead(204, { allow: ALLOWED_METHODS, 'content-length': '0' });
  res.end();
  return true;
}
