import { describe, expect, it } from 'vitest';
import { IdempotencyKeyReusedError, MemoryIdempotencyStore } from '../../src/server/idempotency-store';

describe('MemoryIdempotencyStore', () => {
  it('runs a key once, answers retries (concurrent ones too) with the first answer, and refuses the key for another request', async () => {
    const store = new MemoryIdempotencyStore({ ttlMs: 1_000, maxEntries: 10 });
    let runs = 0;
    const work = async () => ++runs;
    expect(await Promise.all([store.once('k', 'f', work), store.once('k', 'f', work)])).toEqual([1, 1]);
    expect(await store.once('k', 'f', work)).toBe(1);
    await expect(store.once('k', 'other', work)).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    expect(runs).toBe(1);
  });

  it('forgets a failed call, expired keys and the oldest past its bound', async () => {
    let now = 0;
    const store = new MemoryIdempotencyStore({ ttlMs: 100, maxEntries: 2, now: () => now });
    await expect(store.once('fails', 'f', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await store.once('fails', 'f', async () => 'retried')).toBe('retried');
    now = 200;
    expect(await store.once('fails', 'f', async () => 'again')).toBe('again');
    await store.once('b', 'f', async () => 'b');
    await store.once('c', 'f', async () => 'c');
    expect(await store.once('fails', 'f', async () => 'evicted')).toBe('evicted');
  });
});
