import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { StartupWork } from '../../src/server/startup-work';

function recordingLogger() {
  const lines: Array<{ msg: string; attempt?: number; retryInMs?: number }> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('StartupWork', () => {
  it('retries failed work with a doubling, capped back-off until it succeeds', async () => {
    const { logger, lines } = recordingLogger();
    let calls = 0;
    const work = new StartupWork(
      async () => {
        if (++calls < 4) throw new Error('Neo4j is not there yet');
      },
      { name: 'preparing', initialDelayMs: 5, maxDelayMs: 12, logger },
    );
    expect(work.done).toBe(false);
    work.start();
    work.start();
    await expect.poll(() => work.done, { timeout: 2_000, interval: 5 }).toBe(true);
    expect(calls).toBe(4);
    expect(lines.filter((line) => line.msg === 'preparing failed; retrying').map((line) => line.retryInMs)).toEqual([5, 10, 12]);
    expect(lines.at(-1)).toMatchObject({ msg: 'preparing: done', attempt: 4 });
  });

  it('tries no more once stopped', async () => {
    const { logger } = recordingLogger();
    let calls = 0;
    const work = new StartupWork(
      async () => {
        calls++;
        throw new Error('still down');
      },
      { name: 'preparing', initialDelayMs: 20, logger },
    );
    work.start();
    await expect.poll(() => calls).toBe(1);
    work.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toBe(1);
    expect(work.done).toBe(false);
  });
});
