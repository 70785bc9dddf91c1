import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Route } from './http';

/** Where `npm run build:web` (web/vite.config.mts) writes the pages. */
export const WEB_BUILD_DIR = path.resolve(__dirname, '..', '..', 'dist', 'web');

/** The prefix of every built asset URL: `base` in web/vite.config.mts. */
export const WEB_ASSET_PREFIX = '/ui/';

/** The page each public path shows, as a file under the build folder. */
const PAGES: Record<string, string> = {
  '/graphiql': 'playground/index.html',
  '/explore': 'explorer/index.html',
};

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** Types worth compressing; fonts and images are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.ttf']);

/**
 * Everything the pages load comes from this server: the policy makes the browser refuse any other
 * origin, so an offline or locked-down network cannot half-load them. Monaco (GraphiQL's editor)
 * sets inline styles and starts its language workers from same-origin module scripts.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

export interface StaticPagesOptions {
  /** Folder of the built pages. Default: `dist/web` at the package root ({@link WEB_BUILD_DIR}). */
  root?: string;
}

interface StaticFile {
  body: Buffer;
  gzipped?: Buffer;
  etag: string;
}

/**
 * Serves the playground (`/graphiql`, and `GET /graphql` from a browser) and the explorer
 * (`/explore`) with their assets under `/ui/`. Put this route before `/graphql`: it takes only
 * browser page loads of `/graphql` and leaves every GraphQL request to the API.
 */
export function createStaticPagesRoute(options: StaticPagesOptions = {}): Route {
  const root = path.resolve(options.root ?? WEB_BUILD_DIR);
  // Built files never change while the server runs (a rebuild replaces them under new hashed
  // names), so each is read and compressed once; the key includes mtime to pick up a rebuilt page.
  const cache = new Map<string, StaticFile>();

  async function load(file: string): Promise<StaticFile | undefined> {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const key = `${file}@${info.mtimeMs}`;
    let cached = cache.get(key);
    if (!cached) {
      const body = await readFile(file);
      const gzipped = COMPRESSIBLE.has(path.extname(file)) ? gzipSync(body) : undefined;
      cached = { body, gzipped, etag: `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"` };
      cache.set(key, cached);
    }
    return cached;
  }

  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = new URL(req.url ?? '/', 'http://localhost');
    const page = PAGES[url.pathname] ?? (isBrowserVisitToGraphql(req, url) ? PAGES['/graphiql'] : undefined);
    if (page) {
      const file = await load(path.join(root, page));
      if (!file) {
        sendText(res, 503, `The web pages are not built yet: run \`npm run build:web\` (looked in ${root}).`);
        return true;
      }
      // Pages are revalidated on every visit so a redeploy shows at once; their assets are not.
      send(req, res, file, {
        'content-type': CONTENT_TYPES['.html'],
        'cache-control': 'no-cache',
        'content-security-policy': CONTENT_SECURITY_POLICY,
      });
      return true;
    }
    if (!url.pathname.startsWith(WEB_ASSET_PREFIX)) return false;

    const relative = decodePath(url.pathname.slice(WEB_ASSET_PREFIX.length));
    const absolute = relative === undefined ? root : path.resolve(root, relative);
    const contentType = CONTENT_TYPES[path.extname(absolute)];
    // The containment check keeps `/ui/../..` from reading outside the build folder.
    const file = absolute.startsWith(root + path.sep) && contentType ? await load(absolute) : undefined;
    if (!file) {
      sendText(res, 404, `No such file: ${url.pathname}`);
      return true;
    }
    // Vite puts a content hash in every asset name under assets/, so a name never changes meaning.
    const hashed = path.relative(root, absolute).startsWith(`assets${path.sep}`);
    send(req, res, file, {
      'content-type': contentType,
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    return true;
  };
}

function decodePath(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

/** A browser opening /graphql: it asks for HTML and sends no query, which a GraphQL GET must carry. */
function isBrowserVisitToGraphql(req: IncomingMessage, url: URL): boolean {
  return (
    url.pathname === '/graphql' && !url.searchParams.has('query') && (req.headers.accept ?? '').includes('text/html')
  );
}

function send(req: IncomingMessage, res: ServerResponse, file: StaticFile, headers: Record<string, string>): void {
  const common = { ...headers, etag: file.etag, vary: 'Accept-Encoding', 'x-content-type-options': 'nosniff' };
  if (req.headers['if-none-match'] === file.etag) {
    res.writeHead(304, common);
    res.end();
    return;
  }
  const useGzip = file.gzipped !== undefined && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = useGzip ? file.gzipped! : file.body;
  res.writeHead(200, { ...common, ...(useGzip ? { 'content-encoding': 'gzip' } : {}), 'content-length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}
