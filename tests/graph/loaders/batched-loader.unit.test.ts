import { describe, expect, it } from 'vitest';
import type { Params } from '../../../src/graph/driver/driver';
import {
  BatchWaves,
  batchMany,
  batchOne,
  loadByParams,
  loadExisting,
  type GraphReader,
  type KeyedRow,
} from '../../../src/graph/read/loaders/batched-loader';
import { matchPageKey } from '../../../src/graph/read/loaders/page.loaders';

/**
 * A reader answering from `rows` (in the order given, whatever the keys' order) and recording each
 * call's keys, as DataLoader's own tests record `loadCalls`.
 */
function recordingReader(rows: KeyedRow<unknown>[]): [GraphReader, unknown[][]] {
  const calls: unknown[][] = [];
  const reader: GraphReader = {
    async read<T>(_cypher: string, params: Params = {}) {
      const ids = (params.ids as { items: unknown[] }).items;
      calls.push(ids);
      const asked = new Set(ids.map((id) => (typeof id === 'string' ? id : (id as { key: string }).key)));
      return rows.filter((row) => asked.has(row.key)) as T[];
    },
  };
  return [reader, calls];
}

describe('batchMany', () => {
  it('runs one query for the keys loaded in one tick and returns values in key order', async () => {
    const [reader, calls] = recordingReader([
      { key: 'b', value: 'b1' },
      { key: 'a', value: 'a1' },
      { key: 'b', value: 'b2' },
    ]);
    const loader = batchMany<string>(reader, 'UNWIND $ids.items AS id ...');
    const values = await Promise.all([loader.load('a'), loader.load('b'), loader.load('c')]);
    expect(values).toEqual([['a1'], ['b1', 'b2'], []]);
    expect(calls).toEqual([['a', 'b', 'c']]);
  });

  it('asks once per key per request: repeated keys come from the cache', async () => {
    const [reader, calls] = recordingReader([{ key: 'a', value: 1 }]);
    const loader = batchMany<number>(reader, '...');
    await Promise.all([loader.load('a'), loader.load('a')]);
    await loader.load('a');
    await loader.load('b');
    expect(calls).toEqual([['a'], ['b']]);
  });

  it('refuses rows for keys it did not ask for: the query broke the key contract', async () => {
    const reader: GraphReader = { read: async <T>() => [{ key: 'zzz', value: 1 }] as T[] };
    await expect(batchMany(reader, '...').load('a')).rejects.toThrow(/return each row's loader key as `key`.*"zzz"/);
  });
});

describe('loadByParams', () => {
  it('sends each call as a map of its parameters keyed by their JSON: one query, equal calls asked once', async () => {
    const key = JSON.stringify({ text: 'messi', first: 5 });
    const [reader, calls] = recordingReader([{ key, value: 'hit' }]);
    const search = loadByParams(batchMany<string, { text: string; first: number; key: string }>(reader, 'UNWIND $ids.items AS id ...'));
    const results = await Promise.all([search({ text: 'messi', first: 5 }), search({ text: 'kane', first: 5 }), search({ text: 'messi', first: 5 })]);
    expect(results).toEqual([['hit'], [], ['hit']]);
    expect(calls).toEqual([
      [
        { text: 'messi', first: 5, key },
        { text: 'kane', first: 5, key: JSON.stringify({ text: 'kane', first: 5 }) },
      ],
    ]);
  });
});

describe('batchOne', () => {
  it('gives the first row per key and null for a key without one', async () => {
    const [reader, calls] = recordingReader([
      { key: 'y', value: { id: 'y' } },
      { key: 'x', value: { id: 'x' } },
    ]);
    const loader = batchOne<{ id: string }>(reader, '...');
    expect(await loader.loadMany(['x', 'missing', 'y'])).toEqual([{ id: 'x' }, null, { id: 'y' }]);
    expect(calls).toEqual([['x', 'missing', 'y']]);
  });

  it('keys map parameters by their own cache key, so equal page queries share one entry', async () => {
    const first = matchPageKey({ first: 5, tournamentYears: [2026] });
    const second = matchPageKey({ tournamentYears: [2026], first: 5 });
    const other = matchPageKey({ first: 6, tournamentYears: [2026] });
    expect(first.key).toBe(second.key);
    const [reader, calls] = recordingReader([
      { key: other.key, value: 'six' },
      { key: first.key, value: 'five' },
    ]);
    const loader = batchOne<string, typeof first>(reader, '...');
    expect(await Promise.all([loader.load(first), loader.load(second), loader.load(other)])).toEqual(['five', 'five', 'six']);
    expect(calls).toEqual([[first, other]]);
    expect(first).toMatchObject({ stage: null, teams: null, after: null });
  });
});

describe('loadNow', () => {
  it('is load until the key has been read, then the value itself, as load resolves it', async () => {
    const [reader, calls] = recordingReader([{ key: 'a', value: 1 }]);
    const loader = batchOne<number>(reader, '...');
    const first = loader.loadNow('a');
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toBe(1);
    expect(loader.loadNow('a')).toBe(1);
    // A key without a row is read as null, and null is a value too.
    expect(await loader.loadNow('b')).toBeNull();
    expect(loader.loadNow('b')).toBeNull();
    expect(calls).toEqual([['a'], ['b']]);
  });

  it('lets loadExisting answer at once when every id has been read, without the ids that have no node', async () => {
    const [reader, calls] = recordingReader([{ key: 'a', value: 1 }, { key: 'b', value: 2 }]);
    const loader = batchOne<number>(reader, '...');
    const later = loadExisting(loader, ['a', 'missing']);
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toEqual([1]);
    expect(loadExisting(loader, ['missing', 'a'])).toEqual([1]);
    expect(loadExisting(loader, [])).toEqual([]);
    // One id not read yet: the whole list waits for it.
    const partly = loadExisting(loader, ['a', 'b']);
    expect(partly).toBeInstanceOf(Promise);
    expect(await partly).toEqual([1, 2]);
    expect(calls).toEqual([['a', 'missing'], ['b']]);
  });

  it('answers primed keys at once, keeps the first value primed as load does, and never settles an error', async () => {
    const failing: GraphReader = { read: async () => Promise.reject(new Error('Neo4j is down')) };
    const loader = batchOne<number>(failing, '...');
    loader.prime('a', 1);
    loader.prime('a', 2);
    expect(loader.loadNow('a')).toBe(1);
    expect(await loader.load('a')).toBe(1);
    loader.prime('e', new Error('primed failure'));
    await expect(loader.loadNow('e')).rejects.toThrow('primed failure');
    await expect(loader.loadNow('x')).rejects.toThrow('Neo4j is down');
    await expect(loader.loadNow('x')).rejects.toThrow('Neo4j is down');
    loader.clear('a');
    await expect(loader.loadNow('a')).rejects.toThrow('Neo4j is down');
  });
});

describe('Rows sent as lists', () => {
  it('are turned back into objects by their columns, also inside a page', async () => {
    const [reader] = recordingReader([
      { key: 'm1', value: ['g2', 2] },
      { key: 'm1', value: ['g1', null] },
      { key: 'page', value: { totalCount: 7, nodes: [['m1', 2026]], positions: [['2026-07-19', 'm1']] } },
    ]);
    const goals = batchMany<{ id: string; minute: number | null }>(reader, '...', { columns: ['id', 'minute'] });
    expect(await goals.load('m1')).toEqual([{ id: 'g2', minute: 2 }, { id: 'g1', minute: null }]);
    const page = batchOne(reader, '...', { rowsField: 'nodes', columns: ['id', 'year'] });
    expect(await page.load('page')).toEqual({ totalCount: 7, nodes: [{ id: 'm1', year: 2026 }], positions: [['2026-07-19', 'm1']] });
  });
});

describe('BatchWaves', () => {
  /** Answers `cypher` "slow" later than "fast", each key mapping to itself; records every batch. */
  function timedReader(): [GraphReader, Array<[string, unknown[]]>] {
    const calls: Array<[string, unknown[]]> = [];
    const reader: GraphReader = {
      async read<T>(cypher: string, params: Params = {}) {
        const ids = (params.ids as { items: string[] }).items;
        calls.push([cypher, ids]);
        await new Promise((resolve) => setTimeout(resolve, cypher === 'slow' ? 30 : 5));
        return ids.map((id) => ({ key: id, value: id })) as T[];
      },
    };
    return [reader, calls];
  }

  /** Two sibling parents answering at different times, each then asking the same child loader. */
  async function loadTwoLevels(waves?: BatchWaves) {
    const [graph, calls] = timedReader();
    const env = { graph, waves };
    const [fast, slow, child] = [batchOne<string>(env, 'fast'), batchOne<string>(env, 'slow'), batchOne<string>(env, 'child')];
    await Promise.all([
      fast.load('a').then((parent) => child.load(`${parent}-child`)),
      slow.load('b').then((parent) => child.load(`${parent}-child`)),
    ]);
    return calls;
  }

  it('holds the next level back until every query of the current one has answered', async () => {
    expect(await loadTwoLevels(new BatchWaves())).toEqual([
      ['fast', ['a']],
      ['slow', ['b']],
      ['child', ['a-child', 'b-child']],
    ]);
  });

  it('without waves, the same loads split by arrival time: the count would depend on timing', async () => {
    expect((await loadTwoLevels()).filter(([cypher]) => cypher === 'child')).toHaveLength(2);
  });
});
