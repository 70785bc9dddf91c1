import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { startNeo4j, type Neo4jInstance, type StartNeo4jOptions } from '../../src/neo4j/launcher';
import { freePort } from '../../src/neo4j/ports';
import type { ApiProcess } from '../support/api-process';
import { chaosPlan } from './chaos-plan';
import { recordFigures, type ChaosFigure } from './chaos-figures';
import { auditOutcome, leakPatterns, send } from './response-audit';
import { startChaosApi } from './seeded-api';
import { startSteadyTraffic, type SteadyTraffic, type TrafficRecord } from './steady-traffic';

const plan = chaosPlan();
/** Answers that say "Neo4j is not there", as the hostile-traffic targets ask: a 503, or a timeout of the request's own. */
const OUTAGE_ANSWER = /^(DATABASE_UNAVAILABLE|\w*TIMEOUT\w*)$/;
/** Neo4j is back but the API has not answered a 200 yet: how long that may take. */
const RECOVERY_LIMIT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface OutageFigures {
  /** Requests that overlapped the outage. */
  during: TrafficRecord[];
  /** From the fault to the first 503 (or timeout code). */
  firstRefusalMs?: number;
  /** Longest wait of a request for its answer, counted from the fault or its own start. */
  slowestAnswerMs: number;
  /** From Neo4j answering again to the first 200 of a request sent after that. */
  recoveryMs?: number;
  wrongAnswers: string[];
}

/**
 * Neo4j killed (SIGKILL of the JVM, then started again on the same data) and paused (SIGSTOP, then
 * SIGCONT) while clients keep sending the realistic mix to one API process that is never restarted.
 */
describe('faults: Neo4j killed and paused under load', () => {
  let dir: string;
  let neo4jOptions: StartNeo4jOptions;
  let neo4j: Neo4jInstance;
  let api: ApiProcess;
  let traffic: SteadyTraffic;
  const figures: ChaosFigure[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sports-kg-chaos-neo4j-'));
    neo4jOptions = {
      dir,
      boltPort: await freePort(),
      httpPort: await freePort(),
      password: 'chaos-faults-password',
      heap: '512m',
      jarsDir: loadConfig().localNeo4j.jarsDir,
    };
    neo4j = await startNeo4j(neo4jOptions);
    // An empty database: the API seeds it at start-up, as `npm start` does.
    api = await startChaosApi(neo4j);
    traffic = startSteadyTraffic(api.base);
    await sleep(2_000);
  });

  afterAll(async () => {
    await traffic?.stop();
    await api?.stop();
    if (neo4j) {
      // A paused JVM would ignore the SIGTERM of `stop` until the 30 s SIGKILL.
      signal(neo4j.pid, 'SIGCONT');
      await neo4j.stop();
    }
    if (dir) await rm(dir, { recursive: true, force: true });
    if (figures.length) recordFigures(inject('chaosFigures'), figures);
  });

  it('answers 503 DATABASE_UNAVAILABLE within a second while Neo4j is killed, and recovers without an API restart', async () => {
    const faultAt = performance.now();
    signal(neo4j.pid, 'SIGKILL');
    await sleep(plan.outageMs);
    const readiness = await checkReadiness();
    const restartAt = performance.now();
    neo4j = await startNeo4j(neo4jOptions);
    const backAt = performance.now();
    const outcome = await measureOutage(traffic, faultAt, backAt);
    report('killed', outcome, `Neo4j down ${Math.round((backAt - faultAt) / 1000)} s (restart took ${Math.round((backAt - restartAt) / 1000)} s)`, readiness);
    assertOutage(outcome, readiness);
    expect(api.alive(), 'the API process ended').toBe(true);
  });

  it('answers within a second while Neo4j is paused, and recovers after SIGCONT without an API restart', async () => {
    // Requests still hanging from the previous outage would be counted against this one.
    await traffic.settle(60_000);
    const faultAt = performance.now();
    signal(neo4j.pid, 'SIGSTOP');
    await sleep(plan.outageMs);
    const readiness = await checkReadiness();
    signal(neo4j.pid, 'SIGCONT');
    const backAt = performance.now();
    const outcome = await measureOutage(traffic, faultAt, backAt);
    report('paused', outcome, `Neo4j paused ${Math.round((backAt - faultAt) / 1000)} s`, readiness);
    assertOutage(outcome, readiness);
    expect(api.alive(), 'the API process ended').toBe(true);
  });

  /** `/health/ready` during the outage: 503, and a reason that names no internal address. */
  async function checkReadiness(): Promise<string[]> {
    const outcome = await send(`${api.base}/health/ready`, { method: 'GET', timeoutMs: 5_000 });
    const problems = auditOutcome(outcome, '/health/ready', leakPatterns({ internalPorts: [neo4jOptions.boltPort, neo4jOptions.httpPort] }));
    if (outcome.ok && outcome.status !== 503) problems.push(`/health/ready answered ${outcome.status}: ${outcome.text.slice(0, 200)}`);
    return problems.map((problem) => `/health/ready: ${problem}`);
  }

  function report(fault: 'killed' | 'paused', outcome: OutageFigures, window: string, readiness: string[]) {
    const statuses = new Map<string, number>();
    for (const record of outcome.during) {
      const key = `${record.status}${record.codes.length ? ` ${[...new Set(record.codes)].join('+')}` : ''}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
    const answers = [...statuses].map(([key, n]) => `${key} ×${n}`).join(', ');
    console.log(`Neo4j ${fault}: ${window}; ${outcome.during.length} requests overlapped it: ${answers}`);
    const ms = (value: number | undefined) => (value === undefined ? 'never' : `${Math.round(value)} ms`);
    figures.push(
      { test: 'faults', figure: `Neo4j ${fault}: ${window}`, value: `${outcome.during.length} requests: ${answers}` },
      { test: 'faults', figure: `Neo4j ${fault}: first refusal (503 or timeout code) after the fault`, value: ms(outcome.firstRefusalMs), limit: `${plan.maxOutageAnswerMs} ms`, pass: outcome.firstRefusalMs !== undefined && outcome.firstRefusalMs <= plan.maxOutageAnswerMs },
      { test: 'faults', figure: `Neo4j ${fault}: slowest answer during the outage`, value: ms(outcome.slowestAnswerMs), limit: `${plan.maxOutageAnswerMs} ms`, pass: outcome.slowestAnswerMs <= plan.maxOutageAnswerMs },
      { test: 'faults', figure: `Neo4j ${fault}: wrong answers (not 503/timeout code, or none)`, value: String(outcome.wrongAnswers.length), limit: '0', pass: outcome.wrongAnswers.length === 0 },
      { test: 'faults', figure: `Neo4j ${fault}: /health/ready during the outage`, value: readiness.join('; ') || '503, no internal address', limit: '503, no leak', pass: readiness.length === 0 },
      { test: 'faults', figure: `Neo4j ${fault}: recovery, Neo4j back to first 200 (same API process)`, value: ms(outcome.recoveryMs), limit: `${RECOVERY_LIMIT_MS} ms`, pass: outcome.recoveryMs !== undefined && outcome.recoveryMs <= RECOVERY_LIMIT_MS },
    );
  }
});

/** Waits for the API to recover (or give up), then judges every request that overlapped the outage. */
async function measureOutage(traffic: SteadyTraffic, faultAt: number, backAt: number): Promise<OutageFigures> {
  const recovered = () => traffic.records.find((record) => record.start >= backAt && record.status === 200);
  const deadline = performance.now() + RECOVERY_LIMIT_MS + 20_000;
  while (!recovered() && performance.now() < deadline) await sleep(100);
  // Requests still waiting since the outage are judged too: let them finish or time out.
  await sleep(2_000);
  const during = traffic.records.filter((record) => record.end >= faultAt && record.start <= backAt);
  const refusal = during.find((record) => record.end >= faultAt && record.codes.some((code) => OUTAGE_ANSWER.test(code)));
  const wrongAnswers = during
    .filter((record) => !(record.status === 200 && record.codes.length === 0))
    .filter((record) => !((record.status === 503 || record.status === 504) && record.codes.length > 0 && record.codes.every((code) => OUTAGE_ANSWER.test(code))))
    .map((record) => `${record.status} ${record.codes.join(',')} after ${Math.round(record.end - record.start)} ms`);
  return {
    during,
    firstRefusalMs: refusal && refusal.end - faultAt,
    slowestAnswerMs: Math.max(0, ...during.map((record) => record.end - Math.max(record.start, faultAt))),
    recoveryMs: recovered() && recovered()!.end - backAt,
    wrongAnswers,
  };
}

function assertOutage(outcome: OutageFigures, readiness: string[]) {
  expect(outcome.during.length, 'no request overlapped the outage').toBeGreaterThan(0);
  expect(readiness).toEqual([]);
  expect(outcome.wrongAnswers).toEqual([]);
  expect(outcome.firstRefusalMs).toBeDefined();
  expect(outcome.firstRefusalMs).toBeLessThanOrEqual(plan.maxOutageAnswerMs);
  expect(outcome.slowestAnswerMs).toBeLessThanOrEqual(plan.maxOutageAnswerMs);
  expect(outcome.recoveryMs).toBeDefined();
  expect(outcome.recoveryMs).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
