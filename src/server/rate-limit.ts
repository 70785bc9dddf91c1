import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ApolloServerPlugin, BaseContext, GraphQLRequestContextDidResolveOperation, HTTPGraphQLRequest } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { ErrorCode } from '../schema/errors';

/**
 * The header by which the server's own warm-up requests (src/server/plan-warm-up.ts) pass the
 * per-client rate limit. They come from loopback like any local client: under `npm start`'s
 * defaults they spent that client's budget and were refused (87 of 180 example runs), and what
 * they did spend a local client then lacked. Its value is a random token of the process
 * (`newWarmUpToken`), sent only to the process itself and never logged.
 */
export const WARM_UP_HEADER = 'x-kg-warm-up';

export const newWarmUpToken = (): string => randomBytes(32).toString('base64url');

/** Whether `req` carries `token` in WARM_UP_HEADER, compared in constant time; never without a token. */
export function isWarmUpRequest(req: IncomingMessage, token: string | undefined): boolean {
  const sent = req.headers[WARM_UP_HEADER];
  if (token === undefined || typeof sent !== 'string') return false;
  const [a, b] = [Buffer.from(sent), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Holds up to `capacity` tokens and gains `refillPerSecond` a second. Time is passed in, so the
 * bucket is a pure value that tests can drive without waiting.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly capacity: number,
    private readonly refillPerSecond: number,
    now: number,
  ) {
    this.tokens = capacity;
    this.updatedAt = now;
  }

  /**
   * Takes `amount` tokens and returns 0, or takes nothing and returns the seconds until it could.
   * An amount over the capacity counts as the capacity: it needs a full bucket, not an impossible one.
   */
  take(amount: number, now: number): number {
    this.refill(now);
    const charge = Math.min(amount, this.capacity);
    if (this.tokens >= charge) {
      this.tokens -= charge;
      return 0;
    }
    return (charge - this.tokens) / this.refillPerSecond;
  }

  /** Whether the bucket has refilled completely: a full bucket is the same as a forgotten one. */
  isFull(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.capacity;
  }

  private refill(now: number): void {
    const elapsedSeconds = Math.max(0, now - this.updatedAt) / 1000;
    this.tokens = Math.min(this.capacity, this.tokens + elapsedSeconds * this.refillPerSecond);
    this.updatedAt = now;
  }
}

export interface RateLimitOptions {
  /** Requests a client may make per second, sustained. */
  requestsPerSecond: number;
  /** Requests a client may make at once after being idle. */
  requestBurst: number;
  /** Query cost (see the query-limits plugin) a client may spend per second, sustained. */
  costPerSecond: number;
  /** Cost a client may spend at once after being idle; at least the largest admissible query cost. */
  costBurst: number;
  /** Milliseconds clock. Default `Date.now`. */
  now?: () => number;
  /** Clients tracked before idle ones are forgotten. Default 10000. */
  maxTrackedClients?: number;
}

interface ClientBuckets {
  requests: TokenBucket;
  cost: TokenBucket;
}

/**
 * Where the per-client budgets are kept: this process's memory (`ClientRateLimiter`), or Redis
 * shared by every replica (src/server/redis-client-budgets.ts). Both answer 0 when charged, or
 * the seconds to wait before retrying.
 */
export interface ClientBudgets {
  /** Charges one request as it arrives. */
  admitRequest(client: string): number | Promise<number>;
  /** Charges an operation's cost once it is known. */
  chargeCost(client: string, cost: number): number | Promise<number>;
  close(): Promise<void>;
}

/**
 * Per-client token buckets in memory: one counts requests, so a flood of cheap queries is
 * throttled; one counts query cost, so a few expensive ones are too. A request is charged one
 * request token as it arrives, before its body is read, and its cost once the operation is known,
 * before it executes.
 */
export class ClientRateLimiter implements ClientBudgets {
  private readonly clients = new Map<string, ClientBuckets>();
  private readonly now: () => number;
  private readonly maxTrackedClients: number;

  constructor(private readonly options: RateLimitOptions) {
    this.now = options.now ?? Date.now;
    this.maxTrackedClients = options.maxTrackedClients ?? 10_000;
  }

  admitRequest(client: string): number {
    return this.bucketsOf(client).requests.take(1, this.now());
  }

  chargeCost(client: string, cost: number): number {
    return this.bucketsOf(client).cost.take(cost, this.now());
  }

  async close(): Promise<void> {}

  private bucketsOf(client: string): ClientBuckets {
    let buckets = this.clients.get(client);
    if (!buckets) {
      if (this.clients.size >= this.maxTrackedClients) this.forgetIdleClients();
      const now = this.now();
      buckets = {
        requests: new TokenBucket(this.options.requestBurst, this.options.requestsPerSecond, now),
        cost: new TokenBucket(this.options.costBurst, this.options.costPerSecond, now),
      };
      this.clients.set(client, buckets);
    }
    return buckets;
  }

  private forgetIdleClients(): void {
    const now = this.now();
    for (const [client, buckets] of this.clients) {
      if (buckets.requests.isFull(now) && buckets.cost.isFull(now)) this.clients.delete(client);
    }
  }
}

export class RateLimitedError extends GraphQLError {
  constructor(budget: 'requests' | 'cost', retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(`Too many ${budget === 'cost' ? 'expensive queries' : 'requests'} from this client; retry in ${seconds} s.`, {
      extensions: {
        code: ErrorCode.RATE_LIMITED,
        budget,
        retryAfterSeconds: seconds,
        http: { status: 429, headers: new HeaderMap([['retry-after', String(seconds)]]) },
      },
    });
    this.name = 'RateLimitedError';
  }
}

/**
 * The client a request counts against: the socket's peer address. X-Forwarded-For is anyone's to
 * write, so it is read only behind a proxy we trust, and then only its last entry, the one that
 * proxy appended.
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers['x-forwarded-for'];
  if (trustProxy && forwarded) {
    const last = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded).split(',').pop()?.trim();
    if (last) return last;
  }
  return req.socket.remoteAddress ?? 'unknown';
}

export interface RateLimitPluginOptions<TContext extends BaseContext> {
  limiter: ClientBudgets;
  /** The client each admitted request was charged to; requests not in it (the warm-up's) are not charged. */
  clientOf: WeakMap<HTTPGraphQLRequest, string>;
  /** The operation's cost, as the query-limits plugin estimates it. */
  costOf: (requestContext: GraphQLRequestContextDidResolveOperation<TContext>) => number;
}

/**
 * Charges each operation's cost to its client once the operation is known and before it executes,
 * so a refused operation never reaches Neo4j. Apollo runs the plugins' hooks side by side, so an
 * operation the query limits refuse is charged as well: a client sending such operations in a loop
 * is throttled like any other.
 */
export function rateLimitPlugin<TContext extends BaseContext>(
  options: RateLimitPluginOptions<TContext>,
): ApolloServerPlugin<TContext> {
  const { limiter, costOf, clientOf } = options;
  return {
    async requestDidStart() {
      return {
        async didResolveOperation(requestContext) {
          const client = requestContext.request.http && clientOf.get(requestContext.request.http);
          if (client === undefined || !requestContext.operation) return;
          const retryAfter = await limiter.chargeCost(client, costOf(requestContext));
          if (retryAfter > 0) throw new RateLimitedError('cost', retryAfter);
        },
      };
    },
  };
}
