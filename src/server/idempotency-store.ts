/**
 * Idempotency-Key: a retried write (the client never saw the answer) applies once and gets the
 * first answer again. Behind an interface so that instances sharing a Redis can share it later.
 */
export interface IdempotencyStore {
  /**
   * The answer of the first call with `key`, running `work` only for the first. A key used again
   * for another request (`fingerprint` differs) is refused with IdempotencyKeyReusedError. A call
   * that failed is forgotten, so it can be retried.
   */
  once<T>(key: string, fingerprint: string, work: () => Promise<T>): Promise<T>;
}

export class IdempotencyKeyReusedError extends Error {
  override name = 'IdempotencyKeyReusedError';
  constructor() {
    super('this Idempotency-Key was used for a different request');
  }
}

interface Entry {
  fingerprint: string;
  answer: Promise<unknown>;
  expires: number;
}

/** One process's store: keys kept for `ttlMs`, at most `maxEntries` (the oldest dropped first). */
export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; now?: () => number } = { ttlMs: 24 * 3600_000, maxEntries: 10_000 },
  ) {}

  once<T>(key: string, fingerprint: string, work: () => Promise<T>): Promise<T> {
    const now = (this.options.now ?? Date.now)();
    const held = this.entries.get(key);
    if (held && held.expires > now) {
      if (held.fingerprint !== fingerprint) return Promise.reject(new IdempotencyKeyReusedError());
      return held.answer as Promise<T>;
    }
    const answer = work();
    this.entries.delete(key);
    this.entries.set(key, { fingerprint, answer, expires: now + this.options.ttlMs });
    answer.catch(() => {
      if (this.entries.get(key)?.answer === answer) this.entries.delete(key);
    });
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && entry.expires > now) break;
      this.entries.delete(oldest);
    }
    return answer;
  }
}
