import { createServer, get, type Server } from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticPagesRoute, WEB_BUILD_DIR } from '../../src/server/static-pages';
import type { Route } from '../../src/server/http';
import { buildPagesIfStale } from '../../src/server/page-bundle';
import { closeServer, listenOnFreePort } from '../support/http';

/** Serves `routes` in order like src/server/http.ts does, with a stand-in for the GraphQL API last. */
function serve(routes: Route[]): Server {
  const api: Route = async (req, res) => {
    if (!req.url?.startsWith('/graphql')) return false;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"data":{"answeredBy":"api"}}');
    return true;
  };
  return createServer(async (req, res) => {
    for (const route of [...routes, api]) if (await route(req, res)) return;
    res.writeHead(404);
    res.end();
  });
}

describe('static pages route', () => {
  let server: Server;
  let base: string;
  let assetPath: string;

  beforeAll(async () => {
    await buildPagesIfStale();
    server = serve([createStaticPagesRoute()]);
    base = await listenOnFreePort(server);
    const script = (await readdir(path.join(WEB_BUILD_DIR, 'assets'))).find((name) => /^explorer-.*\.js$/.test(name));
    assetPath = `/ui/assets/${script}`;
  }, 120_000);
  afterAll(() => closeServer(server));

  it.each(['/graphiql', '/explore'])(
    'serves %s as HTML that is revalidated, under a same-origin policy',
    async (page) => {
      const res = await fetch(`${base}${page}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(await res.text()).toMatch(/<script type="module" crossorigin src="\/ui\/assets\//);
    },
  );

  it('serves hashed assets with a long immutable cache, gzipped when asked, and answers revalidation with 304', async () => {
    const plain = await fetch(`${base}${assetPath}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await plain.arrayBuffer());
    expect(body.equals(await readFile(path.join(WEB_BUILD_DIR, assetPath.slice('/ui/'.length))))).toBe(true);

    // fetch() would inflate the body itself; node:http shows the bytes as sent.
    const gzipped = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      get(`${base}${assetPath}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    expect(gzipped.encoding).toBe('gzip');
    expect(gunzipSync(gzipped.body).equals(body)).toBe(true);

    const revalidated = await fetch(`${base}${assetPath}`, {
      headers: { 'if-none-match': plain.headers.get('etag')! },
    });
    expect(revalidated.status).toBe(304);
  });

  it('shows the playground to a browser opening /graphql, and leaves GraphQL requests to the API', async () => {
    const browserVisit = await fetch(`${base}/graphql`, {
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(browserVisit.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await browserVisit.text()).toContain('GraphQL playground');

    const getWithQuery = await fetch(`${base}/graphql?query=%7B__typename%7D`, { headers: { accept: 'text/html' } });
    expect(await getWithQuery.json()).toEqual({ data: { answeredBy: 'api' } });
    const post = await fetch(`${base}/graphql`, { method: 'POST', headers: { accept: 'text/html' }, body: '{}' });
    expect(await post.json()).toEqual({ data: { answeredBy: 'api' } });
    const client = await fetch(`${base}/graphql`, { headers: { accept: 'application/json' } });
    expect(await client.json()).toEqual({ data: { answeredBy: 'api' } });
  });

  it('refuses paths outside the build folder and unknown assets with 404, and passes other paths on', async () => {
    for (const probe of [
      '/ui/..%2F..%2Fpackage.json',
      '/ui/%2e%2e/%2e%2e/package.json',
      '/ui/assets/nope.js',
      '/ui/%E0%A4%A',
    ]) {
      expect((await fetch(`${base}${probe}`)).status, probe).toBe(404);
    }
    expect((await fetch(`${base}/health/live`)).status).toBe(404);
  });

  it('builds pages that load nothing from another host: no remote stylesheet, font, script or worker', async () => {
    const files = (await readdir(WEB_BUILD_DIR, { recursive: true })).filter((file) => /\.(html|css|js)$/.test(file));
    const remoteLoads = [
      /url\(\s*['"]?(https?:)?\/\//, // CSS url(), fonts and @import url() included
      /@import\s+['"](https?:)?\/\//,
      /<(script|link|img|iframe)[^>]+(src|href)=["']?(https?:)?\/\//,
      /(importScripts|new Worker|new SharedWorker)\(\s*['"`](https?:)?\/\//,
    ];
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(WEB_BUILD_DIR, file), 'utf8');
      for (const pattern of remoteLoads) {
        const match = pattern.exec(text);
        if (match) offenders.push(`${file}: ${text.slice(match.index, match.index + 80)}`);
      }
    }
    expect(files.length).toBeGreaterThan(5);
    expect(offenders).toEqual([]);
  });

  it('answers 503 with the build command while the pages are not built', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'kg-no-web-'));
    const unbuilt = serve([createStaticPagesRoute({ root: empty })]);
    try {
      const res = await fetch(`${await listenOnFreePort(unbuilt)}/explore`);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('npm run build:web');
    } finally {
      await closeServer(unbuilt);
      await rm(empty, { recursive: true });
    }
  });
});
