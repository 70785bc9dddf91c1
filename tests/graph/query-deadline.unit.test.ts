import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryCancelledError, startQueryDeadline } from '../../src/graph/driver/query-deadline';

describe('startQueryDeadline', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires at the timeout while its request is unanswered, and never once it is answered', () => {
    vi.useFakeTimers();
    const answered = new AbortController();
    const unanswered = startQueryDeadline(1_000, undefined, new AbortController().signal);
    const ended = startQueryDeadline(1_000, undefined, answered.signal);
    expect(vi.getTimerCount()).toBe(2);

    answered.abort();
    // The answered request's timer is gone with it, not left to fire after the timeout.
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1_001);
    expect(ended.signal.aborted).toBe(false);
    expect(unanswered.signal.reason).toEqual(new QueryCancelledError('timeout'));
  });

  it('is cancelled at once when its client has gone', () => {
    const clientGone = new AbortController();
    const { signal } = startQueryDeadline(60_000, clientGone.signal, new AbortController().signal);
    clientGone.abort();
    expect((signal.reason as QueryCancelledError).reason).toBe('disconnected');
  });

  it('lets many reads of one request listen at once without a "possible memory leak" warning', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const { signal } = startQueryDeadline(60_000);
      for (let i = 0; i < 25; i++) signal.addEventListener('abort', () => undefined);
      // Node emits the warning on a later tick.
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
