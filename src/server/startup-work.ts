import { setTimeout as sleep } from 'node:timers/promises';
import { logger as defaultLogger, type Logger } from '../logger';

export interface StartupWorkOptions {
  /** Named in log lines, e.g. `preparing the database`. */
  name: string;
  /** Wait before the first retry; it doubles after every failure. Default 500 ms. */
  initialDelayMs?: number;
  /** Longest wait between two tries. Default 5 s: about one readiness probe period. */
  maxDelayMs?: number;
  /** Where failures are logged with their cause. Default the process logger. */
  logger?: Logger;
}

/**
 * Work the service needs done once before it is ready (schema, seeds), tried until it succeeds with
 * a doubling back-off, so a Neo4j that is down at start-up delays readiness instead of stopping the
 * process. The work must be idempotent: a try may fail halfway and run again.
 */
export class StartupWork {
  private state: 'idle' | 'running' | 'done' = 'idle';
  private readonly stopped = new AbortController();

  constructor(
    private readonly work: () => Promise<void>,
    private readonly options: StartupWorkOptions,
  ) {}

  get done(): boolean {
    return this.state === 'done';
  }

  /** Starts the tries in the background; later calls do nothing. */
  start(): void {
    if (this.state !== 'idle') return;
    this.state = 'running';
    void this.tryUntilDone();
  }

  /** Cancels the next retry (on shutdown); a try under way runs to its end. */
  stop(): void {
    this.stopped.abort();
  }

  private async tryUntilDone(): Promise<void> {
    const { name, initialDelayMs = 500, maxDelayMs = 5_000 } = this.options;
    const log = this.options.logger ?? defaultLogger;
    const started = Date.now();
    for (let delayMs = initialDelayMs, attempt = 1; !this.stopped.signal.aborted; attempt++) {
      try {
        await this.work();
        this.state = 'done';
        log.info({ attempt, ms: Date.now() - started }, `${name}: done`);
        return;
      } catch (error) {
        log.warn({ err: error, attempt, retryInMs: delayMs }, `${name} failed; retrying`);
      }
      // Unreferenced: a pending retry must not keep a stopping process alive.
      await sleep(delayMs, undefined, { ref: false, signal: this.stopped.signal }).catch(() => undefined);
      delayMs = Math.min(delayMs * 2, maxDelayMs);
    }
  }
}
