/**
 * A small seeded PRNG (mulberry32): the same seed gives the same hostile requests, so a failure
 * found by the fuzz suite reproduces with `KG_CHAOS_SEED=<seed>`. Not for anything secret.
 */
export class SeededRandom {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('SeededRandom.pick: nothing to pick from');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of `weighted`'s keys, each as likely as its weight. */
  weighted<K extends string>(weighted: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weighted) as Array<[K, number]>;
    let roll = this.next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [key, weight] of entries) {
      roll -= weight;
      if (roll < 0) return key;
    }
    return entries[entries.length - 1]![0];
  }
}

/** A seed from the environment (`KG_CHAOS_SEED`) or a fresh one, to print with the results. */
export function chaosSeed(env: NodeJS.ProcessEnv = process.env): number {
  const given = env.KG_CHAOS_SEED;
  if (given !== undefined && given !== '') {
    const seed = Number(given);
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new Error(`KG_CHAOS_SEED must be a whole number from 0 to 4294967295, got ${given}`);
    return seed;
  }
  return Math.floor(Math.random() * 0xffffffff);
}
