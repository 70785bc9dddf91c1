/**
 * Whether Neo4j answers, learned from the reads themselves, so that an outage costs a request
 * milliseconds instead of its whole deadline:
 * - a read that fails because no server answers (killed, restarting, unreachable) marks Neo4j down;
 * - a read still waiting after `stallMs` makes one probe (`RETURN 1` on the pool, single-flight);
 *   a probe without an answer within `probeTimeoutMs` (a paused or hung Neo4j) marks it down too,
 *   and the reads waiting on it are ended at once;
 * - while down, reads fail at once with `Neo4jUnreachableError` (503 DATABASE_UNAVAILABLE), and a
 *   probe every `probeTimeoutMs` brings Neo4j back as soon as it answers again.
 * A slow but healthy Neo4j answers the probe, so long queries are never taken for an outage.
 */
export interface Neo4jHealthOptions {
  /** How long a read may wait before Neo4j is probed. */
  stallMs: number;
  /** How long the probe may take before Neo4j counts as down; also the probe interval while down. */
  probeTimeoutMs: number;
}

export const DEFAULT_NEO4J_HEALTH: Neo4jHealthOptions = { stallMs: 500, probeTimeoutMs: 750 };

/** Reads refused or ended because Neo4j does not answer. Its code is the driver's for the same case. */
export class Neo4jUnreachableError extends Error {
  override name = 'Neo4jUnreachableError';
  readonly code = 'ServiceUnavailable';

  constructor() {
    super('Neo4j does not answer');
  }
}

type Probe = () => Promise<unknown>;

export class Neo4jHealth {
  private down = false;
  private probing?: Promise<void>;
  private retryTimer?: NodeJS.Timeout;
  private readonly waiting = new Set<(error: Error) => void>();

  constructor(
    private readonly probe: Probe,
    readonly options: Neo4jHealthOptions = DEFAULT_NEO4J_HEALTH,
  ) {}

  get isDown(): boolean {
    return this.down;
  }

  /**
   * Runs `read` unless Neo4j is known to be down; probes Neo4j when the read stalls, and ends the
   * read with `Neo4jUnreachableError` when the probe finds Neo4j down.
   */
  async guard<T>(read: () => Promise<T>): Promise<T> {
    if (this.down) throw new Neo4jUnreachableError();
    let fail: (error: Error) => void = () => undefined;
    const ended = new Promise<never>((_, reject) => (fail = reject));
    this.waiting.add(fail);
    const stallTimer = setTimeout(() => void this.check(), this.options.stallMs);
    stallTimer.unref();
    try {
      return await Promise.race([read(), ended]);
    } catch (error) {
      if (isUnreachable(error)) this.markDown();
      throw error;
    } finally {
      clearTimeout(stallTimer);
      this.waiting.delete(fail);
    }
  }

  /** One probe at a time; Neo4j is down unless it answers within `probeTimeoutMs`. */
  check(): Promise<void> {
    this.probing ??= this.runProbe().finally(() => (this.probing = undefined));
    return this.probing;
  }

  stop(): void {
    clearTimeout(this.retryTimer);
  }

  private async runProbe(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), this.options.probeTimeoutMs)));
    const answered = this.probe().then(
      () => true,
      () => false,
    );
    const healthy = await Promise.race([answered, timedOut]);
    clearTimeout(timer);
    if (healthy) this.markUp();
    else this.markDown();
  }

  private markDown(): void {
    const error = new Neo4jUnreachableError();
    for (const fail of this.waiting) fail(error);
    this.waiting.clear();
    if (this.down) return;
    this.down = true;
    this.scheduleRetry();
  }

  private markUp(): void {
    this.down = false;
    clearTimeout(this.retryTimer);
  }

  private scheduleRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      void this.check().then(() => {
        if (this.down) this.scheduleRetry();
      });
    }, this.options.probeTimeoutMs);
    // A stopping process must not be held open by the retry.
    this.retryTimer.unref();
  }
}

/** Driver errors that mean "no server answers", as opposed to a bad query or a timeout of ours. */
function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ServiceUnavailable' || code === 'SessionExpired';
}
