import { createHash } from 'node:crypto';
import { jsonKey } from './json-key';

/** A response kept for reuse: what `writeResponse` sent for a query that succeeded. */
export interface CachedResponse {
  status: number;
  contentType: string;
  /** The answer's UTF-8 bytes, as sent: encoded once, then measured, hashed, sent and kept as they are. */
  body: Buffer;
  /** Strong validator of `body`, quoted as HTTP wants it. */
  etag: string;
}

export interface ResponseCacheOptions {
  /** Most responses kept. */
  maxEntries: number;
  /** Most bytes of response bodies kept. */
  maxBytes: number;
}

/**
 * GraphQL answers by (request, data version), least recently used evicted first. The graph only
 * changes when a seed or an import runs, and each bumps the data version (src/graph/write/data-version.ts),
 * so an entry never goes stale: it is just never asked for again. A Map keeps insertion order; a
 * hit re-inserts, so the first key is always the least recently used.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly executing = new Map<string, Promise<CachedResponse | undefined>>();
  private bytes = 0;

  constructor(private readonly options: ResponseCacheOptions) {}

  /** `request` is everything the answer depends on besides the data: query, variables, operation, media type. */
  static key(dataVersion: string, request: unknown): string | undefined {
    const serialised = jsonKey(request);
    return serialised === undefined ? undefined : createHash('sha256').update(dataVersion).update('\0').update(serialised).digest('base64url');
  }

  static etagOf(body: Buffer): string {
    return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CachedResponse): void {
    const size = entry.body.length;
    if (size > this.options.maxBytes) return;
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += size;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.delete(oldest);
    }
  }

  /**
   * The answer of an identical request executing right now, when there is one. A popular query
   * missing from the cache (after every import, or at start) arrives from many clients at once;
   * without this, each of them would run the same statements on Neo4j, and 200 clients cycling
   * through 11 queries ran 2,200 executions before the cache held them all.
   */
  executingNow(key: string): Promise<CachedResponse | undefined> | undefined {
    return this.executing.get(key);
  }

  /**
   * Marks `key` as executing; identical requests wait for it through `executingNow`. Call the
   * returned function exactly once, with what was sent (undefined when the answer may not be
   * kept: errors, too large): it keeps the answer, and the waiting requests get it (or, without
   * one, execute for themselves). When an identical request is already executing (this one asked
   * for a fresh answer), the function only keeps the answer.
   */
  startExecuting(key: string): (sent: CachedResponse | undefined) => void {
    if (this.executing.has(key)) {
      return (sent) => {
        if (sent) this.set(key, sent);
      };
    }
    let settle: (sent: CachedResponse | undefined) => void = () => undefined;
    this.executing.set(key, new Promise((resolve) => (settle = resolve)));
    return (sent) => {
      this.executing.delete(key);
      if (sent) this.set(key, sent);
      settle(sent);
    };
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}

/** Whether the client's `If-None-Match` names `etag` (a list, or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}
