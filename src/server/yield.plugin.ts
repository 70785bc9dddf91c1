import type { ApolloServerPlugin, BaseContext } from '@apollo/server';

/**
 * Resolves once the event loop has read new I/O. Two turns of `setImmediate`: one queued from an
 * I/O callback (a request body's end) runs in the check phase of the same turn, before the loop
 * polls again, so a single one would let nothing in.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

/**
 * Splits the work of a query the document cache has not seen into turns of the event loop: reading
 * its body, parsing it, validating it (and estimating its cost) each run in a turn of their own,
 * so that other requests, `/health/live` among them, are answered in between. Each is up to some
 * 10-30 ms of CPU for the largest queries the limits admit (on the 2-CPU test machine), and one
 * request used to run them back to back (the chaos fuzz's longest synchronous stretches). A known
 * document skips both hooks: the realistic, repeated queries pay nothing.
 */
export function yieldPlugin<TContext extends BaseContext>(): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      return {
        async parsingDidStart() {
          await yieldToEventLoop();
        },
        async validationDidStart() {
          await yieldToEventLoop();
        },
      };
    },
  };
}
