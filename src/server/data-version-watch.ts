import type { GraphClient } from '../graph/driver';
import { readDataVersion } from '../graph/data-version';
import { startQueryDeadline } from '../graph/query-deadline';
import { dataVersionReads } from '../metrics';

/**
 * The graph's data version as last read, re-read every `pollMs`: a seed or import run by another
 * process (`npm run import`) is noticed within that time. Undefined until the first read succeeds,
 * and again while Neo4j does not answer: without a known version nothing is served from cache.
 */
export class DataVersionWatch {
  private version?: string;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly graph: Pick<GraphClient, 'within'>,
    private readonly pollMs: number,
  ) {}

  current(): string | undefined {
    return this.version;
  }

  /** Re-reads every `pollMs`; the first read is the caller's `refresh`, which start-up awaits anyway. */
  start(): void {
    this.timer = setInterval(() => void this.refresh(), this.pollMs);
    this.timer.unref();
  }

  /** Reads the version now, e.g. right after this process seeded or imported. */
  async refresh(): Promise<void> {
    // Bounded like a request: a killed or paused Neo4j leaves the version unknown within a poll or
    // two, and from then on requests go to Neo4j (and get its outage answers), not to the cache.
    dataVersionReads.inc();
    this.version = await readDataVersion(this.graph.within(startQueryDeadline(this.pollMs))).catch(() => undefined);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
