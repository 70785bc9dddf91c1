import http from 'node:http';
import autocannon from 'autocannon';
import type { Peer, PeerRequest } from './peers';

export interface LoadResult {
  requests: number;
  seconds: number;
  /** Median and 99th percentile latency, ms. */
  p50: number;
  p99: number;
  /** Node CPU of the peer's process, ms. */
  cpuMs: number;
  /** Non-2xx answers and socket errors: any makes the run invalid. */
  failures: number;
  /** What the failures were (statuses, timeouts, the first failing answer), to say why a run is invalid. */
  failureDetail?: string;
}

/** One keep-alive connection, as autocannon's: the one-connection runs and the cold-start timings share it. */
const oneConnection = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One answer to `request`: its status, body and time in ms (sub-millisecond, from `performance.now`).
 * A kept-alive connection the server closed as idle just as the request went out is retried once on
 * a new one, as Node's documentation advises (`request.reusedSocket`): a full bench once failed so,
 * the socket having waited a minute since the cold-start timings.
 */
export function timedRequest(request: PeerRequest, method = 'POST', retried = false): Promise<{ ms: number; status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(request.url, { method, headers: request.headers, agent: oneConnection }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (req.reusedSocket && error.code === 'ECONNRESET' && !retried) timedRequest(request, method, true).then(resolve, reject);
      else reject(error);
    });
    req.end(request.body);
  });
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * One client sending `request` back to back for `seconds`, each answer timed to the microsecond.
 * autocannon's histogram counts whole milliseconds, which at one connection (answers of 1-4 ms)
 * made the p50 ratio to hand-written Cypher a ratio of rounded numbers: 2.0 for 1.6 against 0.9.
 */
async function sequentialRun(peer: Peer, request: PeerRequest, seconds: number): Promise<LoadResult> {
  const cpuBefore = peer.process.cpuMs();
  const started = performance.now();
  const times: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  while (performance.now() - started < seconds * 1000) {
    const answer = await timedRequest(request);
    if (answer.status !== 200 || answer.body.includes('"errors"')) {
      failures++;
      firstFailure ??= `${answer.status} ${answer.body.slice(0, 300)}`;
    } else {
      times.push(answer.ms);
    }
  }
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    seconds: elapsed,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    cpuMs: peer.process.cpuMs() - cpuBefore,
    failures,
    failureDetail: firstFailure && `the first failing answer: ${firstFailure}`,
  };
}

/** `connections` clients sending `request` back to back for `seconds`: autocannon, or one timed client. */
export async function loadRun(peer: Peer, request: PeerRequest, connections: number, seconds: number): Promise<LoadResult> {
  if (connections === 1) return sequentialRun(peer, request, seconds);
  const cpuBefore = peer.process.cpuMs();
  let firstFailure: string | undefined;
  const result = await autocannon({
    url: request.url,
    requests: [{ method: 'POST', headers: request.headers, body: request.body }],
    // A GraphQL error comes with status 200: an answer with `errors` counts as a failure too.
    verifyBody: (body) => {
      const ok = !body.includes('"errors"');
      if (!ok) firstFailure ??= body.slice(0, 300);
      return ok;
    },
    connections,
    duration: seconds,
  });
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMs: peer.process.cpuMs() - cpuBefore,
    failures: result.non2xx + result.errors + result.timeouts + result.mismatches,
    failureDetail:
      `non-2xx ${result.non2xx}, socket errors ${result.errors}, timeouts ${result.timeouts}, answers with errors ${result.mismatches}` +
      (firstFailure ? `; the first: ${firstFailure}` : ''),
  };
}

/** Several runs of one peer as one, the runs kept beside it. */
export interface CombinedLoad extends LoadResult {
  /** Each run on its own, in the order run. */
  rounds: readonly LoadResult[];
}

/** Several runs of one peer as one: totals summed, latencies averaged. */
export function combine(runs: LoadResult[]): CombinedLoad {
  const sum = (pick: (r: LoadResult) => number) => runs.reduce((total, r) => total + pick(r), 0);
  return {
    rounds: runs,
    requests: sum((r) => r.requests),
    seconds: sum((r) => r.seconds),
    p50: sum((r) => r.p50) / runs.length,
    p99: sum((r) => r.p99) / runs.length,
    cpuMs: sum((r) => r.cpuMs),
    failures: sum((r) => r.failures),
  };
}
