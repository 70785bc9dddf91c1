import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver';
import { dumpDifference as difference, dumpGraph } from '../../src/graph/graph-dump';
import { refreshTargetIds } from '../../src/graph/target-ids';
import { importDataSet } from '../../src/ingest/history-import';
import { seedDatabase } from '../../src/ingest/seed';
import { startTestApi } from '../schema/api';
import { resetDatabase, testGraph } from '../support/graph';

const FIXTURES = path.join(__dirname, '..', 'fixtures');
type Load = 'seeds' | 'fjelstul' | 'openfootball' | 'wyscout' | 'statsbomb' | 'international-results';
// Forced: a data set loaded again must be compared row by row, not stopped by its import record.
const LOADS: Record<Load, (graph: GraphClient) => Promise<unknown>> = {
  seeds: (graph) => seedDatabase(graph),
  fjelstul: (graph) => importDataSet(graph, 'fjelstul', path.join(FIXTURES, 'fjelstul'), { force: true }),
  openfootball: (graph) => importDataSet(graph, 'openfootball', path.join(FIXTURES, 'openfootball'), { years: [2022, 2026], force: true }),
  wyscout: (graph) => importDataSet(graph, 'wyscout', path.join(FIXTURES, 'wyscout'), { force: true }),
  statsbomb: (graph) => importDataSet(graph, 'statsbomb', path.join(FIXTURES, 'statsbomb'), { force: true }),
  'international-results': (graph) => importDataSet(graph, 'international-results', path.join(FIXTURES, 'international-results'), { force: true }),
};

async function loadInOrder(graph: GraphClient, order: Load[]): Promise<string[]> {
  await resetDatabase(graph);
  for (const load of order) await LOADS[load](graph);
  // The writer keeps every node's target-id properties in line with its edges, disputes included.
  expect(await refreshTargetIds(graph)).toBe(0);
  return dumpGraph(graph);
}

describe('loading seeds, Fjelstul and openfootball in any order', () => {
  let graph: GraphClient;
  let reference: string[];

  beforeAll(async () => {
    graph = testGraph();
    reference = await loadInOrder(graph, ['seeds', 'fjelstul', 'openfootball']);
  }, 300_000);
  afterAll(() => graph.close());

  it('builds a graph with disputes between the sources', () => {
    expect(reference.length).toBeGreaterThan(1000);
    expect(reference.some((line) => line.startsWith('node wc-2026-men#name@openfootball-worldcup :Assertion:Entity'))).toBe(true);
  });

  it("keeps one preferred tournament name and every source's version, shown by the API's disputes", async () => {
    const api = await startTestApi(graph);
    try {
      const { data, errors } = await api.query(`{
        tournament(year: 2026) { name disputes { field preferred versions { value preferred sources { id } } } }
      }`);
      expect(errors).toBeUndefined();
      const name = data!.tournament.disputes.find((d: any) => d.field === 'name');
      // Two reports against one data set: the reports' wording is preferred, openfootball's kept.
      expect(data!.tournament.name).toBe('2026 FIFA World Cup');
      expect(name.preferred).toBe('2026 FIFA World Cup');
      expect(name.versions.map((v: any) => [v.value, v.preferred, v.sources.map((s: any) => s.id).sort()])).toEqual([
        ['2026 FIFA World Cup', true, ['000_10f36a323a73b675.txt', '003_64d3008cb0b61a72.txt']],
        ["2026 FIFA Men's World Cup", false, ['openfootball-worldcup']],
      ]);
    } finally {
      await api.close();
    }
  });

  it("describes a data set's Source in its adapter's words, whoever loaded last", () => {
    const source = reference.find((line) => line.startsWith('node openfootball-worldcup :Entity:Source'));
    expect(source).toContain('"licence":"CC0 1.0 (public domain dedication');
  });

  it.each([
    [['openfootball', 'fjelstul', 'seeds']],
    [['fjelstul', 'seeds', 'openfootball']],
    [['openfootball', 'seeds', 'fjelstul']],
  ] as Array<[Load[]]>)('gives the same graph, node for node and property for property, when loaded as %j', async (order) => {
    const dump = await loadInOrder(graph, order);
    expect(difference(dump, reference)).toEqual({ onlyFirst: [], onlySecond: [] });
  }, 300_000);

  // The event data sets spell people their own way ("Lionel Andrés Messi Cuccittini"), so they
  // join people the graph holds rather than name them: they come after Fjelstul, in either order.
  it('gives the same graph with the event data sets, Wyscout and StatsBomb, in either order after Fjelstul', async () => {
    const withEvents = await loadInOrder(graph, ['seeds', 'fjelstul', 'openfootball', 'wyscout', 'statsbomb']);
    expect(withEvents.some((line) => line.includes('#assist@wyscout-pappalardo-worldcup2018'))).toBe(true);
    const otherOrder = await loadInOrder(graph, ['fjelstul', 'statsbomb', 'openfootball', 'wyscout', 'seeds']);
    expect(difference(otherOrder, withEvents)).toEqual({ onlyFirst: [], onlySecond: [] });
    for (const load of ['wyscout', 'statsbomb'] as Load[]) await LOADS[load](graph);
    expect(difference(await dumpGraph(graph), withEvents)).toEqual({ onlyFirst: [], onlySecond: [] });
  }, 600_000);

  // The results list joins the World Cup matches the graph holds, so it comes after the World Cup
  // data sets, which say which side was at home: the list's home side may be the other (139 of 964).
  it('gives the same graph with the international results, in any order with the seeds after the World Cup data sets', async () => {
    const withResults = await loadInOrder(graph, ['seeds', 'fjelstul', 'openfootball', 'international-results']);
    expect(withResults.some((line) => line.startsWith('rel wc-1986-men-final-argentina-v-west-germany -[SOURCED_FROM]-> international-results'))).toBe(true);
    expect(withResults.some((line) => line.startsWith('rel west-germany-men -[SUCCEEDED_BY]-> germany-men'))).toBe(true);
    for (const order of [['fjelstul', 'openfootball', 'international-results', 'seeds'], ['openfootball', 'fjelstul', 'seeds', 'international-results']] as Load[][]) {
      expect(difference(await loadInOrder(graph, order), withResults)).toEqual({ onlyFirst: [], onlySecond: [] });
    }
    await LOADS['international-results'](graph);
    expect(difference(await dumpGraph(graph), withResults)).toEqual({ onlyFirst: [], onlySecond: [] });
  }, 600_000);

  it('gives the same graph when every source is loaded again, in another order', async () => {
    const once = await loadInOrder(graph, ['fjelstul', 'openfootball', 'seeds']);
    for (const load of ['seeds', 'openfootball', 'fjelstul'] as Load[]) await LOADS[load](graph);
    expect(difference(await dumpGraph(graph), once)).toEqual({ onlyFirst: [], onlySecond: [] });
    expect(difference(once, reference)).toEqual({ onlyFirst: [], onlySecond: [] });
  }, 300_000);
});
