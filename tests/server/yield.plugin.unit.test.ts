import { stat } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { yieldToEventLoop } from '../../src/server/yield.plugin';

/** Runs `work` inside an I/O callback, where a request's body ends and its GraphQL work starts. */
const inIoCallback = <T>(work: () => Promise<T>) => new Promise<T>((resolve, reject) => stat(__filename, () => work().then(resolve, reject)));

describe('yieldToEventLoop', () => {
  it('lets the event loop start a new turn (timers, then polling for I/O) before it resolves, even from an I/O callback', async () => {
    const order = await inIoCallback(async () => {
      const seen: string[] = [];
      setTimeout(() => seen.push('timer'), 0);
      // Past the timer's 1 ms, so the next turn's timer phase runs it.
      const until = performance.now() + 3;
      while (performance.now() < until);
      await yieldToEventLoop();
      seen.push('resumed');
      return seen;
    });
    expect(order).toEqual(['timer', 'resumed']);
  });
});
