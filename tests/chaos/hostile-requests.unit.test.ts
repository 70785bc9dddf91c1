import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, isNonNullType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { HOSTILE_KINDS, HostileRequestGenerator, type HostileRequest } from './hostile-requests';
import { auditOutcome, leakPatterns, type Outcome } from './response-audit';

const schema = buildSchema(readFileSync(path.resolve(__dirname, '..', '..', 'schema', 'schema.graphql'), 'utf8'));

function generate(seed: number, count: number): HostileRequest[] {
  const generator = new HostileRequestGenerator(schema, seed);
  return Array.from({ length: count }, () => generator.next());
}

const text = (request: HostileRequest) => decodeURIComponent(request.path.replace(/\+/g, ' ')) + String(request.body ?? '');

describe('HostileRequestGenerator', () => {
  const requests = generate(7, 1_000);
  const texts = requests.map(text);

  it('yields the same requests for the same seed, and others for another', () => {
    expect(generate(7, 200)).toEqual(requests.slice(0, 200));
    expect(generate(8, 200).map(text)).not.toEqual(requests.slice(0, 200).map(text));
  });

  it('sends every kind of attack within the short run of 1,000 requests', () => {
    expect(new Set(requests.map((request) => request.kind))).toEqual(new Set(Object.keys(HOSTILE_KINDS)));
  });

  it('names every root field and every one of its arguments', () => {
    const missing: string[] = [];
    for (const field of Object.values(schema.getQueryType()!.getFields())) {
      const uses = texts.filter((body) => body.includes(`${field.name}(`) || body.includes(`${field.name} {`));
      if (uses.length === 0) missing.push(field.name);
      for (const arg of field.args) if (!uses.some((body) => body.includes(`${arg.name}:`))) missing.push(`${field.name}.${arg.name}`);
    }
    expect(missing).toEqual([]);
  });

  it('passes null through a variable for arguments that have defaults, such as path.maxHops', () => {
    const nulls = requests.filter((request) => request.kind === 'null-variables').map(text);
    expect(nulls.some((body) => /\$maxHops: Int[,)]/.test(body) && body.includes('"maxHops":null'))).toBe(true);
    const path = schema.getQueryType()!.getFields().path!;
    expect(isNonNullType(path.args.find((arg) => arg.name === 'maxHops')!.type)).toBe(true);
  });

  it('keeps bodies under the 1 MiB limit except where the size is the attack', () => {
    for (const request of requests) {
      const size = request.body === undefined ? 0 : Buffer.byteLength(request.body);
      if (request.kind === 'oversize-body') expect(size).toBeGreaterThan(1 << 20);
      else expect(size, `#${request.index} ${request.kind}`).toBeLessThanOrEqual(1 << 20);
    }
  });

  it('never sends what the leak check looks for, so an echoed argument cannot pass for a leak', () => {
    const patterns = leakPatterns({ internalPorts: [7687] });
    const echoed = requests.filter((_, i) => patterns.some((pattern) => pattern.test(texts[i]!)));
    expect(echoed.map((request) => `#${request.index} ${request.kind}`)).toEqual([]);
  });
});

describe('auditOutcome', () => {
  const leaks = leakPatterns({ internalPorts: [7687] });
  const answer = (status: number, body: unknown, contentType = 'application/json'): Outcome => ({
    ok: true,
    status,
    headers: new Headers({ 'content-type': contentType }),
    text: typeof body === 'string' ? body : JSON.stringify(body),
    ms: 1,
  });

  it('accepts data, coded errors and plain HTTP refusals', () => {
    expect(auditOutcome(answer(200, { data: { sources: [] } }), '/graphql', leaks)).toEqual([]);
    expect(auditOutcome(answer(400, { errors: [{ message: 'x', extensions: { code: 'BAD_REQUEST' } }] }), '/graphql', leaks)).toEqual([]);
    expect(auditOutcome(answer(404, { error: 'no route for PUT /graphql' }), '/graphql', leaks)).toEqual([]);
    expect(auditOutcome(answer(431, '', 'text/plain'), '/graphql', leaks)).toEqual([]);
    expect(auditOutcome(answer(204, '', 'text/plain'), '/graphql', leaks)).toEqual([]);
  });

  it('flags internal errors, 500s, leaks, errors without a code and answers that are no GraphQL', () => {
    expect(auditOutcome(answer(200, { errors: [{ message: 'x', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }), '/graphql', leaks)).toEqual(['INTERNAL_SERVER_ERROR']);
    expect(auditOutcome(answer(500, { error: 'internal server error' }), '/health/ready', leaks)).toEqual(['HTTP 500']);
    expect(auditOutcome(answer(200, { errors: [{ message: 'x' }] }), '/graphql', leaks)).toEqual(['an error without extensions.code']);
    expect(auditOutcome(answer(200, 'hello', 'text/plain'), '/graphql', leaks)[0]).toMatch(/no GraphQL response/);
    const stack = { errors: [{ message: 'x', extensions: { code: 'BAD_USER_INPUT', stacktrace: ['Error: x', '    at GraphClient.run (/srv/app/dist/graph/driver.js:12:34)'] } }] };
    expect(auditOutcome(answer(200, stack), '/graphql', leaks)[0]).toMatch(/^leak/);
    expect(auditOutcome(answer(503, { status: 'unavailable', reason: 'Could not reach bolt://127.0.0.1:7687' }), '/health/ready', leaks)[0]).toMatch(/^leak/);
    expect(auditOutcome({ ok: false, error: 'fetch failed (ECONNRESET)', ms: 1 }, '/graphql', leaks)).toEqual(['no answer: fetch failed (ECONNRESET)']);
  });
});
