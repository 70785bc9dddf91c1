import { cpuPerRequest, reqPerSec, type QueryFigures } from './peer-bench';

const fixed = (value: number, digits = 1) => value.toFixed(digits);
/** Latencies come in whole milliseconds: a 0 ms denominator has no meaningful ratio. */
const ratio = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a');

/**
 * Markdown tables: each peer's figures, then this API's ratio to each other peer. Throughput at
 * `many` connections, latency at one (p50) and at `many` (p99), Node CPU per request at `many`.
 */
export function formatPeerReport(figures: readonly QueryFigures[], subject: string, many: number): string {
  const lines = [
    `| query | server | req/s (${many} conn.) | p50 ms (1 conn.) | p99 ms (${many} conn.) | Cypher statements / request | Node CPU ms / request |`,
    '|---|---|---|---|---|---|---|',
  ];
  for (const { query, load, statementsPerRequest } of figures) {
    for (const [peer, runs] of load) {
      const busy = runs.get(many)!;
      const single = runs.get(1)!;
      lines.push(
        `| ${query.name} | ${peer} | ${Math.round(reqPerSec(busy))} | ${fixed(single.p50)} | ${fixed(busy.p99)} | ` +
          `${fixed(statementsPerRequest.get(peer)!, 2)} | ${fixed(cpuPerRequest(busy), 2)} |`,
      );
    }
  }
  lines.push('', `${subject}'s figures as ratios to each peer (throughput above 1 is faster, latency and CPU below 1 are better):`, '');
  lines.push(
    `| query | compared with | throughput (${many} conn.) | p50 (1 conn.) | p99 (${many} conn.) | Node CPU / request |`,
    '|---|---|---|---|---|---|',
  );
  for (const { query, load } of figures) {
    const ours = load.get(subject)!;
    for (const [peer, runs] of load) {
      // The subject's own variants (`this API, cached`) are measured apart, not compared with.
      if (peer.startsWith(subject)) continue;
      lines.push(
        `| ${query.name} | ${peer} | ${ratio(reqPerSec(ours.get(many)!) / reqPerSec(runs.get(many)!))} | ` +
          `${ratio(ours.get(1)!.p50 / runs.get(1)!.p50)} | ${ratio(ours.get(many)!.p99 / runs.get(many)!.p99)} | ` +
          `${ratio(cpuPerRequest(ours.get(many)!) / cpuPerRequest(runs.get(many)!))} |`,
      );
    }
  }
  return lines.join('\n');
}
