import { HeaderMap } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { ErrorCode } from '../schema/errors';

export interface ConcurrencyLimiterOptions {
  /** Requests executing at once. */
  maxConcurrent: number;
  /** Requests waiting for a turn; one more is refused at once. */
  maxQueued: number;
  /** Milliseconds a request may wait for a turn before it is refused. */
  maxQueueWaitMs: number;
}

/** Why a request was shed rather than run. */
export type Shed = 'queue-full' | 'queue-timeout';

interface Waiter {
  grant: (release: () => void) => void;
  timer: NodeJS.Timeout;
}

/**
 * Load shedding: at most `maxConcurrent` requests run, at most `maxQueued` wait in arrival order, and
 * no one waits longer than `maxQueueWaitMs`. Under overload the excess is refused within that
 * bound instead of queueing until clients time out, and memory stays bounded.
 */
export class ConcurrencyLimiter {
  private running = 0;
  private readonly queue: Waiter[] = [];

  constructor(private readonly options: ConcurrencyLimiterOptions) {}

  /** Resolves to the function that frees the turn (call it exactly once), or to why it was refused. */
  acquire(): Promise<{ release: () => void } | { shed: Shed }> {
    if (this.running < this.options.maxConcurrent) {
      this.running += 1;
      return Promise.resolve({ release: this.releaser() });
    }
    if (this.queue.length >= this.options.maxQueued) return Promise.resolve({ shed: 'queue-full' });
    return new Promise((resolve) => {
      const waiter: Waiter = {
        grant: (release) => resolve({ release }),
        timer: setTimeout(() => {
          this.queue.splice(this.queue.indexOf(waiter), 1);
          resolve({ shed: 'queue-timeout' });
        }, this.options.maxQueueWaitMs),
      };
      this.queue.push(waiter);
    });
  }

  /** Requests running and waiting, for tests and metrics. */
  get load(): { running: number; queued: number } {
    return { running: this.running, queued: this.queue.length };
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.queue.shift();
      if (next) {
        // The turn passes straight to the next waiter, so `running` stays the same.
        clearTimeout(next.timer);
        next.grant(this.releaser());
      } else {
        this.running -= 1;
      }
    };
  }
}

export class ServerOverloadedError extends GraphQLError {
  constructor(reason: Shed) {
    super('The server is busy; try again shortly.', {
      extensions: {
        code: ErrorCode.SERVER_OVERLOADED,
        reason,
        http: { status: 503, headers: new HeaderMap([['retry-after', '1']]) },
      },
    });
    this.name = 'ServerOverloadedError';
  }
}
