import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { createHttpServer } from '../../src/server/http';
import { createStaticPagesRoute } from '../../src/server/static-pages';
import { testGraph } from '../support/graph';
import { startTestGraphQLServer, type GraphQLBody, type TestGraphQLServer } from '../support/graphql-server';
import { closeServer, listenOnFreePort } from '../support/http';

/**
 * Sends raw bytes (`pauseMs` apart) and resolves with everything the server answered before it
 * closed, or the socket error.
 */
function rawExchange(base: string, chunks: Array<string | Buffer>, options: { readAfterWriting?: boolean; pauseMs?: number } = {}): Promise<string> {
  const { port } = new URL(base);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = '';
    // A client that writes its whole request before reading, like most blocking HTTP libraries.
    if (options.readAfterWriting) socket.pause();
    socket.on('data', (data) => (received += data.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(received || (error.code ?? error.message)));
    socket.on('end', () => resolve(received));
    const last = chunks.length - 1;
    void (async () => {
      for (const [index, chunk] of chunks.entries()) {
        if (index > 0 && options.pauseMs) await new Promise((wait) => setTimeout(wait, options.pauseMs));
        if (socket.destroyed) return;
        socket.write(chunk, () => index === last && options.readAfterWriting && setTimeout(() => socket.resume(), 50));
      }
    })();
  });
}

describe('HTTP hygiene', () => {
  let graph: GraphClient;
  let api: TestGraphQLServer;

  beforeAll(async () => {
    graph = testGraph();
    api = await startTestGraphQLServer(graph, { route: { maxResponseBytes: 2_000, cors: { allowedOrigins: '*' } } });
  });
  afterAll(async () => {
    await api?.close();
    await graph?.close();
  });

  it('sends security headers on API answers, health checks and 404s', async () => {
    for (const url of ['/graphql?query=%7B__typename%7D', '/health/live', '/nowhere']) {
      const res = await fetch(`${api.base}${url}`, { headers: { 'apollo-require-preflight': 'true' } });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it("keeps the pages' own Content-Security-Policy", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'kg-pages-'));
    await mkdir(path.join(root, 'playground'));
    await writeFile(path.join(root, 'playground', 'index.html'), '<!doctype html><title>playground</title>');
    const server = createHttpServer({ graph, routes: [createStaticPagesRoute({ root })] });
    const base = await listenOnFreePort(server);
    try {
      const res = await fetch(`${base}/graphiql`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await closeServer(server);
      await rm(root, { recursive: true, force: true });
    }
  });

  it('answers a 10 MB body with a 413 that a client writing its whole body first still reads', async () => {
    const size = 10 << 20;
    const head = `POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`;
    const answer = await rawExchange(api.base, [head, Buffer.alloc(size, 'a')], { readAfterWriting: true });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain('"code":"BAD_REQUEST"');
    // Without Content-Length (chunked), the limit is found while reading, with the same answer.
    const res = await fetch(`${api.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 10; i++) controller.enqueue(new Uint8Array(1 << 20));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as GraphQLBody).errors![0].message).toBe('request body exceeds 1048576 bytes');
  });

  it('answers 408 and closes when a client is too slow with its head or its body', async () => {
    // Timeouts this short only on a server of its own: a busy machine could trip them for everyone.
    const strict = await startTestGraphQLServer(graph, { timeouts: { headersMs: 300, requestMs: 600 } });
    try {
      const started = Date.now();
      const slowHead = await rawExchange(strict.base, ['POST /graphql HTTP/1.1\r\nHost: localhost\r\n']);
      expect(slowHead).toMatch(/^HTTP\/1\.1 408 /);
      const slowBody = await rawExchange(strict.base, [
        'POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":',
      ]);
      expect(slowBody).toMatch(/^HTTP\/1\.1 408 /);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await strict.close();
    }
  });

  it('answers 431 to headers too large and closes cleanly, even to a client still sending them', async () => {
    // 72 KiB of headers in three writes 100 ms apart, the answer read only after the last: Node's
    // limit is 16 KiB, and its own answer then closed the socket under the client, which got EPIPE
    // or a reset instead of the 431.
    const head = 'GET /health/live HTTP/1.1\r\nHost: localhost\r\n';
    const headers = (round: number) => Array.from({ length: 6 }, (_, i) => `X-Filler-${round}-${i}: ${'a'.repeat(4096)}\r\n`).join('');
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await rawExchange(api.base, [head + headers(0), headers(1), headers(2) + '\r\n'], { readAfterWriting: true, pauseMs: 100 });
      expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
      expect(answer.endsWith('{"error":"Request Header Fields Too Large"}')).toBe(true);
    }
  });

  it('answers CORS preflights and lets other origins read answers; Apollo still refuses simple requests', async () => {
    const preflight = await fetch(`${api.base}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.org',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-apollo-operation-name',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type, x-apollo-operation-name');
    expect(Number(preflight.headers.get('access-control-max-age'))).toBeGreaterThan(0);

    const post = await fetch(`${api.base}/graphql`, {
      method: 'POST',
      headers: { origin: 'https://app.example.org', 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(post.status).toBe(200);
    expect(post.headers.get('access-control-allow-origin')).toBe('*');
    expect(post.headers.get('access-control-expose-headers')).toBe('Retry-After, X-KG-Data-Version');

    // A "simple" cross-origin GET (no preflight) is what CSRF rides on; Apollo's check still refuses it.
    const simple = await fetch(`${api.base}/graphql?query=%7B__typename%7D`, { headers: { origin: 'https://evil.example' } });
    expect(simple.status).toBe(400);
    expect(await simple.text()).toContain('CSRF');
  });

  it('names allowed origins only, when configured with a list', async () => {
    const listed = await startTestGraphQLServer(graph, { route: { cors: { allowedOrigins: ['https://app.example.org'] } } });
    try {
      const ask = (origin: string) =>
        fetch(`${listed.base}/graphql`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
      const allowed = await ask('https://app.example.org');
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.org');
      expect(allowed.headers.get('vary')).toBe('Origin');
      expect((await ask('https://other.example')).headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await listed.close();
    }
  });

  it('turns an answer over the response-size cap into RESPONSE_TOO_LARGE instead of sending it', async () => {
    const { status, body } = await api.post('{ __schema { types { name description } } }');
    expect(status).toBe(400);
    expect(body.data).toBeUndefined();
    expect(body.errors).toHaveLength(1);
    expect(body.errors![0].extensions).toMatchObject({ code: 'RESPONSE_TOO_LARGE', limit: 2_000 });
    expect(body.errors![0].extensions!.actual).toBeGreaterThan(2_000);
    expect((await api.post('{ __typename }')).body).toEqual({ data: { __typename: 'Query' } });
  });

  it('answers request errors by media type: 200 for application/json, 400 for application/graphql-response+json', async () => {
    const send = (accept: string) =>
      fetch(`${api.base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept },
        body: JSON.stringify({ query: '{ nosuchfield }' }),
      });
    const legacy = await send('application/json');
    expect(legacy.status).toBe(200);
    expect(((await legacy.json()) as GraphQLBody).errors![0].extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const modern = await send('application/graphql-response+json');
    expect(modern.status).toBe(400);
    expect(modern.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
  });
});
