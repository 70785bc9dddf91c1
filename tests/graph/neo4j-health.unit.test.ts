import { describe, expect, it } from 'vitest';
import { fullTextIndexOf } from '../../src/graph/driver/driver';
import { Neo4jHealth, Neo4jUnreachableError } from '../../src/graph/driver/neo4j-health';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const never = () => new Promise<never>(() => undefined);
const unavailable = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ServiceUnavailable' }));

describe('Neo4jHealth (the circuit in front of reads under a deadline)', () => {
  it('lets reads through while the probe answers, however slow the read', async () => {
    const health = new Neo4jHealth(async () => [], { stallMs: 20, probeTimeoutMs: 50 });
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

  it('goes down on an unreachable server and comes back by itself once the probe answers, telling its listeners once', async () => {
    let serverUp = false;
    const health = new Neo4jHealth(() => (serverUp ? Promise.resolve([]) : unavailable()), { stallMs: 20, probeTimeoutMs: 30 });
    let recoveries = 0;
    health.onRestarted(() => recoveries++);
    await expect(health.guard(unavailable)).rejects.toMatchObject({ code: 'ServiceUnavailable' });
    expect(health.isDown).toBe(true);
    await sleep(80);
    expect(recoveries).toBe(0);
    serverUp = true;
    await sleep(150);
    expect(health.isDown).toBe(false);
    // Once per outage, however many probes answered since: the API re-warms its statement plans then.
    await health.check();
    expect(recoveries).toBe(1);
    expect(await health.guard(async () => 'rows')).toBe('rows');
    health.stop();
  });

  it('does not take a busy Neo4j for a hung one: while other reads come back, a late probe ends no read', async () => {
    const health = new Neo4jHealth(never, { stallMs: 10, probeTimeoutMs: 50 });
    const slow = health.guard(async () => {
      await sleep(150);
      return 'slow rows';
    });
    // The probe starts at 10 ms and never answers; another read comes back while it waits.
    await sleep(20);
    expect(await health.guard(async () => 'rows')).toBe('rows');
    await expect(slow).resolves.toBe('slow rows');
    expect(health.isDown).toBe(false);
    health.stop();
  });

  it('comes back up on a late probe answer: a Neo4j too slow for every probe timeout is alive, not down', async () => {
    // Each probe answers after 80 ms, longer than the 30 ms probe timeout.
    const health = new Neo4jHealth(async () => {
      await sleep(80);
      return [];
    }, { stallMs: 10, probeTimeoutMs: 30 });
    await expect(health.guard(never)).rejects.toBeInstanceOf(Neo4jUnreachableError);
    expect(health.isDown).toBe(true);
    // No probe ever answers within its timeout; the late answers alone bring the reads back.
    const until = Date.now() + 500;
    while (health.isDown && Date.now() < until) await sleep(2);
    expect(health.isDown).toBe(false);
    expect(await health.guard(async () => 'rows')).toBe('rows');
    health.stop();
  });

  it('after a restart, keeps refusing reads at once while its listeners warm Neo4j, then reopens', async () => {
    let serverUp = false;
    const health = new Neo4jHealth(() => (serverUp ? Promise.resolve([]) : unavailable()), { stallMs: 20, probeTimeoutMs: 30, warmUpMs: 1_000 });
    let finishWarmUp = () => {};
    health.onRestarted(() => new Promise<void>((resolve) => (finishWarmUp = resolve)));
    await expect(health.guard(unavailable)).rejects.toMatchObject({ code: 'ServiceUnavailable' });
    serverUp = true;
    await sleep(100);
    // Neo4j answers the probe, but its plans are still compiling: reads are refused without waiting.
    const refusedAt = Date.now();
    await expect(health.guard(async () => 'rows')).rejects.toBeInstanceOf(Neo4jUnreachableError);
    expect(Date.now() - refusedAt).toBeLessThan(20);
    finishWarmUp();
    await sleep(10);
    expect(await health.guard(async () => 'rows')).toBe('rows');
    health.stop();
  });

  it('reopens after warmUpMs even when the warm-up has not finished', async () => {
    let serverUp = false;
    const health = new Neo4jHealth(() => (serverUp ? Promise.resolve([]) : unavailable()), { stallMs: 20, probeTimeoutMs: 30, warmUpMs: 100 });
    health.onRestarted(never);
    await expect(health.guard(unavailable)).rejects.toMatchObject({ code: 'ServiceUnavailable' });
    serverUp = true;
    const until = Date.now() + 1_000;
    while (health.isDown && Date.now() < until) await sleep(5);
    expect(health.isDown).toBe(false);
    expect(await health.guard(async () => 'rows')).toBe('rows');
    health.stop();
  });

  it('reopens at once after a stall, warming nothing: a paused Neo4j kept its plans, and a warm-up would replan them', async () => {
    let paused = true;
    const health = new Neo4jHealth(() => (paused ? never() : Promise.resolve([])), { stallMs: 10, probeTimeoutMs: 30, warmUpMs: 1_000 });
    let warmUps = 0;
    health.onRestarted(() => {
      warmUps++;
      return never();
    });
    await expect(health.guard(never)).rejects.toBeInstanceOf(Neo4jUnreachableError);
    paused = false;
    const until = Date.now() + 500;
    while (health.isDown && Date.now() < until) await sleep(2);
    expect(health.isDown).toBe(false);
    expect(warmUps).toBe(0);
    expect(await health.guard(async () => 'rows')).toBe('rows');
    health.stop();
  });

  it('does not take a bad query for an outage', async () => {
    const health = new Neo4jHealth(async () => [], { stallMs: 20, probeTimeoutMs: 30 });
    const syntaxError = Object.assign(new Error('Invalid input'), { code: 'Neo.ClientError.Statement.SyntaxError' });
    await expect(health.guard(() => Promise.reject(syntaxError))).rejects.toBe(syntaxError);
    expect(health.isDown).toBe(false);
    health.stop();
  });

  it('refuses at once the reads that need a full-text index Neo4j is rebuilding, and lets the others through', async () => {
    let offline = ['entity_names'];
    const health = new Neo4jHealth(async () => offline, { stallMs: 20, probeTimeoutMs: 30 });
    // A full-text query on a rebuilding index waits for the rebuild: the stall probe ends it.
    const started = Date.now();
    await expect(health.guard(never, { index: 'entity_names' })).rejects.toThrow(/rebuilding the full-text index entity_names/);
    expect(Date.now() - started).toBeLessThan(500);
    expect(health.isDown).toBe(false);
    expect(await health.guard(async () => 'rows')).toBe('rows');
    expect(await health.guard(async () => 'rows', { index: 'other_index' })).toBe('rows');
    const refusedAt = Date.now();
    await expect(health.guard(async () => 'rows', { index: 'entity_names' })).rejects.toMatchObject({ code: 'ServiceUnavailable' });
    expect(Date.now() - refusedAt).toBeLessThan(20);
    // The probe repeats by itself until the index is back.
    offline = [];
    await sleep(150);
    expect(await health.guard(async () => 'rows', { index: 'entity_names' })).toBe('rows');
    health.stop();
  });
});

describe('fullTextIndexOf', () => {
  it('names the index a statement queries, and nothing for other statements', () => {
    expect(fullTextIndexOf(`UNWIND $ids AS id CALL db.index.fulltext.queryNodes('entity_names', id) YIELD node RETURN node`)).toBe('entity_names');
    expect(fullTextIndexOf(`CALL db.index.fulltext.queryRelationships( 'said_text', $q) YIELD relationship RETURN 1`)).toBe('said_text');
    expect(fullTextIndexOf('MATCH (n:Team {id: $id}) RETURN n')).toBeUndefined();
  });
});
