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

/** `connections` clients sending `request` back to back for `seconds`. */
export async function loadRun(peer: Peer, request: PeerRequest, connections: number, seconds: number): Promise<LoadResult> {
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

/** Several runs of one peer as one: totals summed, latencies averaged. */
export function combine(runs: LoadResult[]): LoadResult {
  const sum = (pick: (r: LoadResult) => number) => runs.reduce((total, r) => total + pick(r), 0);
  return {
    requests: sum((r) => r.requests),
    seconds: sum((r) => r.seconds),
    p50: sum((r) => r.p50) / runs.length,
    p99: sum((r) => r.p99) / runs.length,
    cpuMs: sum((r) => r.cpuMs),
    failures: sum((r) => r.failures),
  };
}
