import { describe, expect, it } from 'vitest';
import { startQueryDeadline } from '../../src/graph/query-deadline';

describe('startQueryDeadline', () => {
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
