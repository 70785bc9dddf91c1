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
 *
 * The probe also names the full-text indexes that are not ONLINE. After a crash Neo4j rebuilds them,
 * and a full-text query waits (no timeout of its own) until the rebuild ends: 30 s for 200,000 names
 * measured here, while `RETURN 1` answers at once. So a read that needs such an index is refused at
 * once too, and the probe repeats every `probeTimeoutMs` until the index is back.
 */
export interface Neo4jHealthOptions {
  /** How long a read may wait before Neo4j is probed. */
  stallMs: number;
  /** How long the probe may take before Neo4j counts as down; also the probe interval while down. */
  probeTimeoutMs: number;
}

export const DEFAULT_NEO4J_HEALTH: Neo4jHealthOptions = { stallMs: 500, probeTimeoutMs: 750 };

/**
 * Reads refused or ended because Neo4j does not answer, or cannot yet answer them (an index they
 * need is rebuilding). Its code is the driver's for the same case.
 */
export class Neo4jUnreachableError extends Error {
  override name = 'Neo4jUnreachableError';
  readonly code = 'ServiceUnavailable';

  constructor(message = 'Neo4j does not answer') {
    super(message);
  }
}

/** Answers when Neo4j does, with the names of the full-text indexes that are not ONLINE. */
export type Probe = () => Promise<readonly string[]>;

/** What a guarded read needs besides a live Neo4j. */
export interface ReadNeeds {
  /** A full-text index the statement queries. */
  index?: string;
}

export class Neo4jHealth {
  private down = false;
  private offlineIndexes: ReadonlySet<string> = new Set();
  private probing?: Promise<void>;
  private retryTimer?: NodeJS.Timeout;
  /** Each waiting read's way to end it, with the index it needs. */
  private readonly waiting = new Map<(error: Error) => void, string | undefined>();
  private readonly recoveryListeners: Array<() => void> = [];

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
  async guard<T>(read: () => Promise<T>, needs: ReadNeeds = {}): Promise<T> {
    if (this.down) throw new Neo4jUnreachableError();
    if (needs.index && this.offlineIndexes.has(needs.index)) throw indexOffline(needs.index);
    let fail: (error: Error) => void = () => undefined;
    const ended = new Promise<never>((_, reject) => (fail = reject));
    this.waiting.set(fail, needs.index);
    const stallTimer = setTimeout(() => void this.check(), this.options.stallMs);
    stallTimer.unref();
    try {
      return await Promise.race([read(), ended]);
    } catch (error) {
      if (isUnreachable(error) && !(error instanceof IndexOfflineError)) this.markDown();
      throw error;
    } finally {
      clearTimeout(stallTimer);
      this.waiting.delete(fail);
    }
  }

  /** Calls `listener` each time Neo4j answers again after being down (a restarted Neo4j has no plans cached). */
  onRecovered(listener: () => void): void {
    this.recoveryListeners.push(listener);
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
    const answered = this.probe().catch(() => false as const);
    const answer = await Promise.race([answered, timedOut]);
    clearTimeout(timer);
    if (answer) this.markUp(answer);
    else {
      this.markDown();
      // The timeout only judges a Neo4j that should answer at once. One that answers late (a JVM
      // resuming, a machine so loaded that no probe fits in probeTimeoutMs) is alive: without this,
      // every later probe could time out the same way and the API would refuse reads for ever.
      void answered.then((late) => {
        if (late) this.markUp(late);
      });
    }
  }

  private markDown(): void {
    const error = new Neo4jUnreachableError();
    for (const fail of this.waiting.keys()) fail(error);
    this.waiting.clear();
    if (this.down) return;
    this.down = true;
    this.scheduleRetry();
  }

  private markUp(offlineIndexes: readonly string[]): void {
    const recovered = this.down;
    this.down = false;
    this.offlineIndexes = new Set(offlineIndexes);
    clearTimeout(this.retryTimer);
    for (const [fail, index] of this.waiting) {
      if (index && this.offlineIndexes.has(index)) {
        fail(indexOffline(index));
        this.waiting.delete(fail);
      }
    }
    if (this.offlineIndexes.size > 0) this.scheduleRetry();
    if (recovered) for (const listener of this.recoveryListeners) listener();
  }

  private scheduleRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      // markUp schedules the next probe itself while an index is still rebuilding.
      void this.check().then(() => {
        if (this.down) this.scheduleRetry();
      });
    }, this.options.probeTimeoutMs);
    // A stopping process must not be held open by the retry.
    this.retryTimer.unref();
  }
}

/** Neo4j answers, but not yet the reads that need this index: not an outage. */
class IndexOfflineError extends Neo4jUnreachableError {
  override name = 'IndexOfflineError';
}

function indexOffline(index: string): IndexOfflineError {
  return new IndexOfflineError(`Neo4j is rebuilding the full-text index ${index}`);
}

/** Driver errors that mean "no server answers", as opposed to a bad query or a timeout of ours. */
function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ServiceUnavailable' || code === 'SessionExpired';
}
