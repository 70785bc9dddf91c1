import { REALISTIC_QUERIES } from './realistic-queries';
import { graphqlCodes, send } from './response-audit';

/** One request of the steady traffic, times from `performance.now()`. */
export interface TrafficRecord {
  start: number;
  end: number;
  status: number | 'no answer';
  codes: string[];
}

export interface SteadyTraffic {
  records: TrafficRecord[];
  /** Resolves once no request sent before now is still waiting (or after `timeoutMs`). */
  settle(timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `concurrency` clients sending the realistic mix one request after another until stopped, every
 * answer recorded: the load under which the fault tests kill and pause Neo4j.
 */
export function startSteadyTraffic(base: string, concurrency = 8, timeoutMs = 60_000): SteadyTraffic {
  const records: TrafficRecord[] = [];
  let running = true;
  const waiting = new Set<number>();
  const client = async (offset: number) => {
    for (let i = offset; running; i += 1) {
      const query = REALISTIC_QUERIES[i % REALISTIC_QUERIES.length]!;
      const start = performance.now();
      waiting.add(start);
      const outcome = await send(`${base}/graphql`, {
        method: 'POST',
        // Every request reaches Neo4j: an answer from the response cache says nothing about an outage.
        headers: { 'content-type': 'application/json', 'cache-control': 'no-cache' },
        body: JSON.stringify({ query }),
        timeoutMs,
      });
      waiting.delete(start);
      records.push({
        start,
        end: performance.now(),
        status: outcome.ok ? outcome.status : 'no answer',
        codes: (outcome.ok && graphqlCodes(outcome.text)) || [],
      });
    }
  };
  const clients = Array.from({ length: concurrency }, (_, offset) => client(offset));
  return {
    records,
    settle: async (timeoutMs) => {
      const now = performance.now();
      const deadline = now + timeoutMs;
      while ([...waiting].some((start) => start < now) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    },
    stop: async () => {
      running = false;
      await Promise.all(clients);
    },
  };
}
