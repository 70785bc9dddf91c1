import { setMaxListeners } from 'node:events';

/**
 * How long the reads of one API request may still run, and the signal that ends them early. Reads
 * under a deadline get a Neo4j transaction timeout of the time left and are cancelled when the
 * signal fires, so neither a slow query nor a client that has gone keeps Neo4j busy.
 */
export interface QueryDeadline {
  /** Epoch milliseconds after which no read may run. */
  at: number;
  /** Fires at `at` or when the client disconnects, whichever comes first. */
  signal: AbortSignal;
}

export type CancelReason = 'timeout' | 'disconnected';

/** A read stopped by its deadline (or by its client leaving); Neo4j has been told to stop it too. */
export class QueryCancelledError extends Error {
  override name = 'QueryCancelledError';

  constructor(readonly reason: CancelReason) {
    super(reason === 'timeout' ? 'the request ran out of time' : 'the client disconnected');
  }
}

/**
 * A deadline `timeoutMs` from now, cut short by `clientGone` (the request's connection closing)
 * and ended by `answered` (its answer sent): the timer then goes with the request. Left to fire,
 * every request's timer outlived it by the whole timeout, holding its signal, and then built an
 * error nobody read: 1,000 a second under the bench's load, each after its request was answered.
 * A plain timer rather than `AbortSignal.any([AbortSignal.timeout(ms), ...])`: Node may collect a
 * timeout signal held only by a composite before it fires (nodejs/node#57736), and a request would
 * then wait on a paused Neo4j for as long as the pause lasts.
 */
export function startQueryDeadline(timeoutMs: number, clientGone?: AbortSignal, answered?: AbortSignal): QueryDeadline {
  const controller = new AbortController();
  // Each read of the request listens while it runs, and one wave of aliased fields can run more
  // than Node's default of 10 at once: not a leak (each removes its listener), so no warning.
  setMaxListeners(0, controller.signal);
  const timer = setTimeout(() => controller.abort(new QueryCancelledError('timeout')), timeoutMs);
  // The timer must not hold a stopping process open.
  timer.unref();
  const disconnect = () => {
    clearTimeout(timer);
    controller.abort(new QueryCancelledError('disconnected'));
  };
  if (clientGone?.aborted) disconnect();
  else clientGone?.addEventListener('abort', disconnect, { once: true });
  if (answered?.aborted) clearTimeout(timer);
  else answered?.addEventListener('abort', () => clearTimeout(timer), { once: true });
  return { at: Date.now() + timeoutMs, signal: controller.signal };
}

/** The error a read ends with once `signal` has fired. */
export function cancelledBy(signal: AbortSignal): QueryCancelledError {
  return signal.reason instanceof QueryCancelledError ? signal.reason : new QueryCancelledError('disconnected');
}
