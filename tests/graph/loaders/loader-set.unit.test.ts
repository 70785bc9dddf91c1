import { describe, expect, it } from 'vitest';
import type { LoaderEnv } from '../../../src/graph/read/loaders/batched-loader';
import { createLoaders } from '../../../src/graph/read/loaders/create-loaders';
import { loaderSet } from '../../../src/graph/read/loaders/loader-set';

const env = (): LoaderEnv => ({ graph: { read: async () => [] } });

describe('loaderSet', () => {
  it('makes each loader on its first use, once per set, with the set’s env and the set itself', () => {
    const made: string[] = [];
    const newSet = loaderSet({
      goals: (from: LoaderEnv) => (made.push('goals'), { env: from }),
      scorers: (from: LoaderEnv, { goals }: { goals: { env: LoaderEnv } }) => (made.push('scorers'), { goals }),
    });
    const first = newSet(env());
    const second = newSet(env());
    expect(made).toEqual([]);

    const goals = first.goals;
    expect(first.goals).toBe(goals);
    expect(goals.env).toBe(first.env);
    expect(made).toEqual(['goals']);

    // A loader reading a sibling gets the one of its own set, made on demand.
    expect(second.scorers.goals).toBe(second.goals);
    expect(second.goals).not.toBe(goals);
    expect(made).toEqual(['goals', 'goals', 'scorers']);
  });

  it('refuses a loader name that would hide the set’s own fields or an object method', () => {
    for (const name of ['env', 'made', 'constructor', 'toString']) {
      expect(() => loaderSet({ [name]: () => 1 })).toThrow(`A loader cannot be named "${name}"`);
    }
  });
});

describe('createLoaders', () => {
  it('gives every request loaders of its own, and the same loader each time within one', () => {
    const graph = env().graph;
    const one = createLoaders(graph);
    const other = createLoaders(graph);
    expect(one.player).toBe(one.player);
    expect(one.player).not.toBe(other.player);
    // Look-ahead finds loaders by name through the registry, which is the set itself.
    expect(one.env.registry).toBe(one);
    expect(createLoaders(graph, { lookAhead: false }).env.registry).toBeUndefined();
  });
});
