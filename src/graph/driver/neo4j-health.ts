/**
 * Whether Neo4j answers, learned from the reads themselves, so that an outage costs a request
 * milliseconds instead of its whole deadline:
 * - a read that fails because no server answers (killed, restarting, unreachable) marks Neo4j down;
 * - a read still waiting after `stallMs` makes one probe (`RETURN 1` on the pool, single-flight);
 *   a probe without an answer within `probeTimeoutMs` (a paused or hung Neo4j) marks it down too,
 *   and the reads waiting on it are ended at once;
 * - while down, reads fail at once with `Neo4jUnreachableError` (503 DATABASE_UNAVAILABLE), and a
 *   probe every `probeTimeoutMs` brings Neo4j back as soon as it answers again.
 * A slow but healthy Neo4j answers the probe, so long queries are never taken for an outage; nor
 * is a Neo4j too busy to answer the probe in time while it still answers other reads: on 2 cores
 * under 20 clients' pages of 40 matches the probe can take over `probeTimeoutMs`, and every read
 * then waiting was refused (503) though Neo4j kept answering.
 *
 * The probe also names the full-text indexes that are not ONLINE. After a crash Neo4j rebuilds them,
 * and a full-text query waits (no timeout of its own) until the rebuild ends: 30 s for 200,000 names
 * measured here, while `RETURN 1` answers at once. So a read that needs such an index is refused at
 * once too, and the probe repeats every `probeTimeoutMs` until the index is back.
 *
 * A Neo4j that was unreachable (killed, restarting) comes back with a cold JVM and no cached plans:
 * its first reads took longer than a request's whole deadline. So after such an outage the reads
 * stay refused, at once, while the restart listeners warm it (at most `warmUpMs`). A Neo4j that
 * only stalled (paused, starved of CPU) still has its plans, and reopens as soon as it answers.
 */
export interface Neo4jHealthOptions {
  /** How long a read may wait before Neo4j is probed. */
  stallMs: number;
  /** How long the probe may take before Neo4j counts as down; also the probe interval while down. */
  probeTimeoutMs: number;
  /** How long reads stay refused after a restart while the restart listeners warm Neo4j. */
  warmUpMs: number;
  /**
   * How long, at most, Neo4j counts as still settling after a restart: reads are served again after
   * `warmUpMs`, but readiness waits for the listeners to finish, so a balancer sends traffic only to
   * a warm Neo4j; past this bound it counts as warm anyway.
   */
  settleMs: number;
}

export const DEFAULT_NEO4J_HEALTH: Neo4jHealthOptions = { stallMs: 500, probeTimeoutMs: 750, warmUpMs: 2_000, settleMs: 30_000 };

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
  /** The outage included "no server answers": Neo4j restarted, or may have. */
  private unreachable = false;
  private warming = false;
  private settling = false;
  private offlineIndexes: ReadonlySet<string> = new Set();
  private probing?: Promise<void>;
  /** When a guarded read last came back with rows: a Neo4j that answers reads is not hung. */
  private lastAnswerAt = -Infinity;
  private retryTimer?: NodeJS.Timeout;
  /** Each waiting read's way to end it, with the index it needs. */
  private readonly waiting = new Map<(error: Error) => void, string | undefined>();
  private readonly restartListeners: Array<() => unknown> = [];

  readonly options: Neo4jHealthOptions;

  constructor(
    private readonly probe: Probe,
    options: Partial<Neo4jHealthOptions> = {},
  ) {
    this.options = { ...DEFAULT_NEO4J_HEALTH, ...options };
  }

  get isDown(): boolean {
    return this.down;
  }

  /** True from a restart until its listeners have warmed Neo4j (at most `settleMs`), reads served or not. */
  get isSettling(): boolean {
    return this.settling;
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
      const reading = read();
      void reading.then(
        () => (this.lastAnswerAt = performance.now()),
        () => undefined,
      );
      return await Promise.race([reading, ended]);
    } catch (error) {
      // Our own refusals (ended by the probe, an index offline) carry the driver's code too; only the driver's mean "no server".
      if (isUnreachable(error) && !(error instanceof Neo4jUnreachableError)) this.markDown({ unreachable: true });
      throw error;
    } finally {
      clearTimeout(stallTimer);
      this.waiting.delete(fail);
    }
  }

  /**
   * Calls `listener` each time Neo4j answers again after being unreachable (a restarted Neo4j has no
   * plans cached); reads reopen once every listener's promise settles, or after `warmUpMs`. Not after
   * a stall: a paused or starved Neo4j kept its plans, and a warm-up would replan them all.
   */
  onRestarted(listener: () => unknown): void {
    this.restartListeners.push(listener);
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
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), this.options.probeTimeoutMs)));
    let unreachable = false;
    const answered = this.probe().catch((error: unknown) => {
      unreachable = isUnreachable(error);
      return false as const;
    });
    const answer = await Promise.race([answered, timedOut]);
    clearTimeout(timer);
    if (answer) {
      this.markUp(answer);
      return;
    }
    // Busy, not hung: reads came back while the probe waited. The reads still waiting keep their deadline.
    if (!unreachable && this.lastAnswerAt >= started) return;
    this.markDown({ unreachable });
    // The timeout only judges a Neo4j that should answer at once. One that answers late (a JVM
    // resuming, a machine so loaded that no probe fits in probeTimeoutMs) is alive: without this,
    // every later probe could time out the same way and the API would refuse reads for ever.
    void answered.then((late) => {
      if (late) this.markUp(late);
    });
  }

  private markDown({ unreachable }: { unreachable: boolean }): void {
    const error = new Neo4jUnreachableError();
    for (const fail of this.waiting.keys()) fail(error);
    this.waiting.clear();
    this.unreachable ||= unreachable;
    if (this.down) return;
    this.down = true;
    this.scheduleRetry();
  }

  private markUp(offlineIndexes: readonly string[]): void {
    if (this.warming) return;
    if (this.down && this.unreachable) {
      this.warmUpThenOpen(offlineIndexes);
      return;
    }
    this.open(offlineIndexes);
  }

  private warmUpThenOpen(offlineIndexes: readonly string[]): void {
    this.warming = true;
    this.settling = true;
    clearTimeout(this.retryTimer);
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.options.warmUpMs)));
    const warmed = Promise.allSettled(this.restartListeners.map(async (listener) => listener()));
    let settleTimer: NodeJS.Timeout | undefined;
    const settleBound = new Promise<void>((resolve) => (settleTimer = setTimeout(resolve, this.options.settleMs).unref()));
    void Promise.race([warmed, settleBound]).then(() => {
      clearTimeout(settleTimer);
      this.settling = false;
    });
    void Promise.race([warmed, bound]).then(() => {
      clearTimeout(timer);
      this.warming = false;
      this.unreachable = false;
      this.open(offlineIndexes);
    });
  }

  private open(offlineIndexes: readonly string[]): void {
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
