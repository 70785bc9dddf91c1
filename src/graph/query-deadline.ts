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

/** A deadline `timeoutMs` from now, cut short by `clientGone` (the request's connection closing). */
export function startQueryDeadline(timeoutMs: number, clientGone?: AbortSignal): QueryDeadline {
  const signals = [AbortSignal.timeout(timeoutMs), ...(clientGone ? [clientGone] : [])];
  return { at: Date.now() + timeoutMs, signal: AbortSignal.any(signals) };
}

/** Why `signal` fired: `AbortSignal.timeout` aborts with a DOMException named TimeoutError. */
export function cancelledBy(signal: AbortSignal): QueryCancelledError {
  return new QueryCancelledError((signal.reason as Error | undefined)?.name === 'TimeoutError' ? 'timeout' : 'disconnected');
}
