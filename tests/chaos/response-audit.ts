import os from 'node:os';
import path from 'node:path';

/** What came back for one request: an HTTP answer, or the transport error instead of one. */
export type Outcome =
  | { ok: true; status: number; headers: Headers; text: string; ms: number }
  | { ok: false; error: string; ms: number };

export interface SendOptions {
  method: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs: number;
}

/** Sends one request and never throws: a reset or a timeout is an outcome like any other. */
export async function send(url: string, options: SendOptions): Promise<Outcome> {
  const started = performance.now();
  try {
    const res = await fetch(url, {
      method: options.method,
      headers: options.headers,
      body: options.method === 'GET' || options.method === 'HEAD' ? undefined : options.body,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const text = await res.text();
    return { ok: true, status: res.status, headers: res.headers, text, ms: performance.now() - started };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : `${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`;
    return { ok: false, error: reason, ms: performance.now() - started };
  }
}

/** The `extensions.code` of every error in a GraphQL response body, or undefined if it is not one. */
export function graphqlCodes(text: string): string[] | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const { data, errors } = body as { data?: unknown; errors?: unknown };
  if (errors === undefined) return data === undefined ? undefined : [];
  if (!Array.isArray(errors)) return undefined;
  return errors.map((error) => {
    const code = (error as { extensions?: { code?: unknown } } | null)?.extensions?.code;
    return typeof code === 'string' ? code : '(no code)';
  });
}

export interface LeakPatternOptions {
  /** Ports of internal services (Neo4j Bolt and HTTP) that must never be named to a client. */
  internalPorts: number[];
}

/**
 * What must never reach a client: stack frames, absolute paths of this machine, Bolt URIs, the
 * addresses of Neo4j, driver error codes. The fuzz strings are chosen not to contain these.
 */
export function leakPatterns({ internalPorts }: LeakPatternOptions): RegExp[] {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const roots = [process.cwd(), path.resolve(process.cwd(), '..'), os.homedir(), os.tmpdir()].filter((root) => root.length > 1);
  return [
    /\bat [\w.<>$]+ \(/, // a stack frame: "at GraphClient.run ("
    /\(?\/[\w./-]+\.(?:ts|js|mjs|cjs):\d+:\d+\)?/, // "file.js:12:34"
    /"stacktrace"/i,
    /node_modules/,
    /\b(?:bolt|neo4j)(?:\+s|\+ssc)?:\/\//i,
    /Neo\.(?:Client|Transient|Database)Error/,
    ...roots.map((root) => new RegExp(escape(root))),
    ...internalPorts.map((port) => new RegExp(`(?:127\\.0\\.0\\.1|localhost|\\[::1\\]|0\\.0\\.0\\.0):${port}\\b`)),
  ];
}

/** Status codes a request may get: its own fault (4xx), the deliberate 503 and 504, never 500. */
const ACCEPTED_5XX = new Set([503, 504]);

/**
 * Every way an answer breaks the hostile-traffic rules: no answer, a 500 or an
 * INTERNAL_SERVER_ERROR, a leak, a GraphQL error without a code, or a GraphQL answer that is no
 * GraphQL response. An empty list means the answer is fine.
 */
export function auditOutcome(outcome: Outcome, path: string, leaks: RegExp[]): string[] {
  if (!outcome.ok) return [`no answer: ${outcome.error}`];
  const problems: string[] = [];
  const { status, text, headers } = outcome;
  if (status >= 500 && !ACCEPTED_5XX.has(status)) problems.push(`HTTP ${status}`);
  const leak = leaks.find((pattern) => pattern.test(text) || pattern.test([...headers.values()].join('\n')));
  if (leak) problems.push(`leak ${leak}: ${excerpt(text, leak)}`);
  // A 2xx from /graphql must be a GraphQL response, but for a 204 (a CORS preflight's answer),
  // which has no body; a refusal may also be plain HTTP (404, 405, 431).
  const codes = graphqlCodes(text);
  if (path.startsWith('/graphql') && status < 300 && status !== 204 && codes === undefined) {
    problems.push(`HTTP ${status} with a body that is no GraphQL response: ${text.slice(0, 120)}`);
  } else if (codes !== undefined) {
    if (codes.includes('INTERNAL_SERVER_ERROR')) problems.push('INTERNAL_SERVER_ERROR');
    if (codes.includes('(no code)')) problems.push('an error without extensions.code');
    if (status >= 400 && codes.length === 0) problems.push(`HTTP ${status} without an error`);
  }
  return problems;
}

function excerpt(text: string, pattern: RegExp): string {
  const at = text.search(pattern);
  return JSON.stringify(text.slice(Math.max(0, at - 60), at + 100));
}
