import { describe, expect, it } from 'vitest';
import { Neo4jHealth, Neo4jUnreachableError } from '../../src/graph/neo4j-health';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const never = () => new Promise<never>(() => undefined);
const unavailable = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ServiceUnavailable' }));

describe('Neo4jHealth (the circuit in front of reads under a deadline)', () => {
  it('lets reads through while the probe answers, however slow the read', async () => {
    const health = new Neo4jHealth(async () => undefined, { stallMs: 20, probeTimeoutMs: 50 });
    const result = await health.guard(async () => {
      await sleep(150);
      return 'rows';
    });
    expect(result).toBe('rows');
    expect(health.isDown).toBe(false);
    health.stop();
  });

  it('ends a stalled read as soon as the probe finds Neo4j hung, and refuses the next read at once', async () => {
    const health = new Neo4jHealth(never, { stallMs: 20, probeTimeoutMs: 50 });
    const started = Date.now();
    await expect(health.guard(never)).rejects.toBeInstanceOf(Neo4jUnreachableError);
    expect(Date.now() - started).toBeLessThan(500);
    expect(health.isDown).toBe(true);
    const refusedAt = Date.now();
    await expect(health.guard(async () => 'rows')).rejects.toBeInstanceOf(Neo4jUnreachableError);
    expect(Date.now() - refusedAt).toBeLessThan(20);
    health.stop();
  });

  it('goes down on an unreachable server and comes back by itself once the probe answers', async () => {
    let serverUp = false;
    const health = new Neo4jHealth(() => (serverUp ? Promise.resolve() : unavailable()), { stallMs: 20, probeTimeoutMs: 30 });
    await expect(health.guard(unavailable)).rejects.toMatchObject({ code: 'ServiceUnavailable' });
    expect(health.isDown).toBe(true);
    serverUp = true;
    await sleep(150);
    expect(health.isDown).toBe(false);
    expect(await health.guard(async () => 'rows')).toBe('rows');
    health.stop();
  });

  it('does not take a bad query for an outage', async () => {
    const health = new Neo4jHealth(async () => undefined, { stallMs: 20, probeTimeoutMs: 30 });
    const syntaxError = Object.assign(new Error('Invalid input'), { code: 'Neo.ClientError.Statement.SyntaxError' });
    await expect(health.guard(() => Promise.reject(syntaxError))).rejects.toBe(syntaxError);
    expect(health.isDown).toBe(false);
    health.stop();
  });
});
