import { setTimeout as sleep } from 'node:timers/promises';
import type { GraphClient } from '../graph/driver/driver';
import { dataVersionSequence, readDataVersion } from '../graph/write/data-version';
import { startQueryDeadline } from '../graph/driver/query-deadline';
import { dataVersionReads } from '../metrics';

/** How often a request waiting for a newer data version re-reads it. */
const CATCH_UP_POLL_MS = 50;

/**
 * The graph's data version as last read, re-read every `pollMs`: a seed or import run by another
 * process (`npm run import`) is noticed within that time. Undefined until the first read succeeds,
 * and again while Neo4j does not answer: without a known version nothing is served from cache.
 */
export class DataVersionWatch {
  private version?: string;
  private timer?: NodeJS.Timeout;
  private reading?: Promise<void>;

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

  /** Reads the version now, e.g. right after this process seeded or imported; one read at a time. */
  refresh(): Promise<void> {
    this.reading ??= this.read().finally(() => (this.reading = undefined));
    return this.reading;
  }

  /**
   * Whether the data this process reads is at least as new as write number `sequence` (see
   * `dataVersionSequence`), re-reading the version until then for up to `timeoutMs`: the write may
   * have come through another replica, or a cluster's reader may still be catching up.
   */
  async reached(sequence: number, timeoutMs: number): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      if ((dataVersionSequence(this.version ?? '') ?? -1) >= sequence) return true;
      const left = until - Date.now();
      if (left <= 0) return false;
      await sleep(Math.min(CATCH_UP_POLL_MS, left));
      await this.refresh();
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async read(): Promise<void> {
    // Bounded like a request: a killed or paused Neo4j leaves the version unknown within a poll or
    // two, and from then on requests go to Neo4j (and get its outage answers), not to the cache.
    dataVersionReads.inc();
    this.version = await readDataVersion(this.graph.within(startQueryDeadline(this.pollMs))).catch(() => undefined);
  }
}
