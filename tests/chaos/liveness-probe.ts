import { Worker } from 'node:worker_threads';

export interface LivenessFigures {
  polls: number;
  /** Slowest answer of `/health/live`, or the longest wait for one that never came. */
  maxMs: number;
  p99Ms: number;
  /** Polls that got no 200. */
  failures: number;
}

export interface LivenessProbe {
  stop(): Promise<LivenessFigures>;
}

// Plain JavaScript for an eval'd worker: its own event loop, so a busy test runner cannot delay it.
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const latencies = [];
let failures = 0;
let stopping = false;
let pending;
function poll() {
  if (stopping) return finish();
  const started = performance.now();
  pending = started;
  const req = http.get(workerData.url, { agent, timeout: 30000 }, (res) => {
    res.resume();
    res.on('end', () => done(res.statusCode === 200));
  });
  req.on('error', () => done(false));
  req.on('timeout', () => req.destroy(new Error('timeout')));
  function done(ok) {
    const ms = performance.now() - started;
    pending = undefined;
    latencies.push(ms);
    if (!ok) failures += 1;
    setTimeout(poll, Math.max(0, workerData.intervalMs - ms));
  }
}
function finish() {
  const sorted = [...latencies].sort((a, b) => a - b);
  const open = pending === undefined ? 0 : performance.now() - pending;
  parentPort.postMessage({
    polls: latencies.length,
    maxMs: Math.max(open, sorted[sorted.length - 1] ?? 0),
    p99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
    failures,
  });
  agent.destroy();
}
parentPort.on('message', () => {
  stopping = true;
  if (pending !== undefined) setTimeout(finish, 0);
});
poll();
`;

/**
 * Polls `url` every `intervalMs` from a worker thread for as long as the probe runs and records how
 * long each answer took: the measure of "the event loop was never held hostage".
 */
export function startLivenessProbe(url: string, intervalMs = 20): LivenessProbe {
  const worker = new Worker(PROBE, { eval: true, workerData: { url, intervalMs } });
  return {
    stop: async () => {
      const figures = new Promise<LivenessFigures>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const result = await figures;
      await worker.terminate();
      return result;
    },
  };
}
