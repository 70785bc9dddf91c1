import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { logger } from '../logger';
import type { ClientBudgets, RateLimitOptions } from './rate-limit';

/**
 * The per-client budgets in Redis, so that every API replica charges the same budget: without it N
 * replicas give a client N times its budget. rate-limiter-flexible counts in fixed windows rather
 * than token buckets: `burst` per `burst / perSecond` seconds, the same sustained rate and the same
 * burst as the in-memory buckets. While Redis does not answer, each replica counts in its own
 * memory (rate-limiter-flexible's insurance limiter) rather than refusing or waving everyone through.
 */
export class RedisClientBudgets implements ClientBudgets {
  private readonly redis: Redis;
  private readonly requests: Budget;
  private readonly cost: Budget;

  constructor(url: string, options: RateLimitOptions) {
    let reported = false;
    // No offline queue: a request must not wait for Redis to come back; the insurance limiter counts meanwhile.
    this.redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    this.redis.on('error', (error: Error) => {
      if (!reported) logger.warn({ err: error }, 'Redis does not answer: rate limits are counted per replica until it does');
      reported = true;
    });
    this.redis.on('ready', () => (reported = false));
    this.requests = new Budget(this.redis, 'kg:rate:requests', options.requestBurst, options.requestsPerSecond);
    this.cost = new Budget(this.redis, 'kg:rate:cost', options.costBurst, options.costPerSecond);
  }

  admitRequest(client: string): Promise<number> {
    return this.requests.take(client, 1);
  }

  chargeCost(client: string, cost: number): Promise<number> {
    return this.cost.take(client, cost);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

class Budget {
  private readonly limiter: RateLimiterRedis;

  constructor(
    redis: Redis,
    keyPrefix: string,
    private readonly capacity: number,
    perSecond: number,
  ) {
    const duration = Math.max(1, Math.ceil(capacity / perSecond));
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix,
      points: capacity,
      duration,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix, points: capacity, duration }),
    });
  }

  /** 0, or the seconds until `amount` fits; an amount over the capacity counts as the capacity, as in TokenBucket. */
  async take(client: string, amount: number): Promise<number> {
    try {
      await this.limiter.consume(client, Math.min(amount, this.capacity));
      return 0;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return Math.max(refusal.msBeforeNext, 1) / 1000;
      throw refusal;
    }
  }
}
