import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyBundle, type FactBundle } from '../../src/graph/model/bundle';
import { refreshNameText } from '../../src/graph/write/bundle-writer';
import type { GraphClient } from '../../src/graph/driver/driver';
import { fold } from '../../src/graph/model/fold';
import { slugify } from '../../src/graph/model/identity';
import { HARD_NAMES } from '../fixtures/hard-names';
import { testGraph } from '../support/graph';
import { seedTestGraph } from '../support/seeded-api';
import { startTestApi, type TestApi } from './api';

/** One player per hard name, written as an importer writes people. */
function hardNamedPlayers(): FactBundle {
  const bundle = emptyBundle();
  const sources = ['fixture-hard-names'];
  bundle.sources.push({ id: sources[0]!, title: 'Hard names', kind: 'dataset' });
  for (const [name] of HARD_NAMES) {
    bundle.people.push({ id: `hard-${slugify(name)}`, name: name.trim(), roles: ['Player'], aliases: [], sources });
  }
  return bundle;
}

let graph: GraphClient;
let api: TestApi;

beforeAll(async () => {
  graph = await seedTestGraph(testGraph(), hardNamedPlayers());
  api = await startTestApi(graph);
}, 120_000);

afterAll(async () => {
  await api?.close();
  await graph?.close();
});

async function searchIds(text: string): Promise<string[]> {
  const { data, errors } = await api.query('query ($text: String!) { search(text: $text, first: 5) { id } }', { text });
  expect(errors).toBeUndefined();
  return data!.search.map((hit: { id: string }) => hit.id);
}

describe('search and name look-ups fold names with the one rule', () => {
  it.each([
    ['Ødeg', 'hard-martin-odegaard'],
    ['Lukasz Fabia', 'hard-lukasz-fabianski'],
    ['Muller', 'hard-thomas-muller'],
  ])('%j finds %s first', async (text, id) => {
    expect((await searchIds(text))[0]).toBe(id);
  });

  it.each(HARD_NAMES)('%j is found as written, folded, upper-cased, by word prefixes, and by name', async (name) => {
    const id = `hard-${slugify(name)}`;
    const prefixes = fold(name).split(' ').map((word) => word.slice(0, Math.max(2, word.length - 2))).join(' ');
    for (const text of [name, fold(name), name.toUpperCase(), prefixes]) {
      expect(await searchIds(text), text).toContain(id);
    }
    const { data, errors } = await api.query('query ($name: String!) { player(name: $name) { id } }', { name: name.toUpperCase() });
    expect(errors).toBeUndefined();
    expect(data!.player).toEqual({ id });
  });

  it('finds again, once refreshNameText ran, a name that a graph written before folding indexed raw', async () => {
    expect(await refreshNameText(graph)).toBe(0);
    await graph.write(`MATCH (n:Person {id: 'hard-martin-odegaard'}) SET n.nameText = ' Martin Ødegaard'`);
    expect(await searchIds('odegaa')).not.toContain('hard-martin-odegaard');
    expect(await refreshNameText(graph)).toBe(1);
    expect((await searchIds('odegaar'))[0]).toBe('hard-martin-odegaard');
  });

  it('refuses text without a Latin letter or digit, which no folded name could match', async () => {
    const { errors } = await api.query('query ($text: String!) { search(text: $text) { id } }', { text: 'Москва' });
    expect(errors?.[0]).toMatchObject({ message: expect.stringContaining('must contain a Latin letter'), extensions: { code: 'BAD_USER_INPUT' } });
  });
});
