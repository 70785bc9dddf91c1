import type { GraphClient } from '../graph/driver';
import { readDataVersion } from '../graph/data-version';

/**
 * The graph's data version as last read, re-read every `pollMs`: a seed or import run by another
 * process (`npm run import`) is noticed within that time. Undefined until the first read succeeds,
 * and again while Neo4j does not answer: without a known version nothing is served from cache.
 */
export class DataVersionWatch {
  private version?: string;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly graph: Pick<GraphClient, 'read'>,
    private readonly pollMs: number,
  ) {}

  current(): string | undefined {
    return this.version;
  }

  start(): void {
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.pollMs);
    this.timer.unref();
  }

  /** Reads the version now, e.g. right after this process seeded or imported. */
  async refresh(): Promise<void> {
    this.version = await readDataVersion(this.graph).catch(() => undefined);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
