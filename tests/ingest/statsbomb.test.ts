import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { importDataSet, type ImportSummary } from '../../src/ingest/history-import';
import { MalformedFileError } from '../../src/ingest/reading/validation';
import { startTestApi } from '../schema/api';
import { resetDatabase, testGraph } from '../support/graph';

/** StatsBomb open-data's layout (matches/, lineups/, events/), written for these tests: none of StatsBomb's data. */
const FIXTURES = path.join(__dirname, '..', 'fixtures');
const MATCH = 'wc-2018-men-group-stage-argentina-v-nigeria';

describe('importing a StatsBomb open-data season over Fjelstul and Wyscout', () => {
  let graph: GraphClient;
  let summary: ImportSummary;

  beforeAll(async () => {
    graph = testGraph();
    await resetDatabase(graph);
    await importDataSet(graph, 'fjelstul', path.join(FIXTURES, 'fjelstul'));
    await importDataSet(graph, 'wyscout', path.join(FIXTURES, 'wyscout'));
    summary = await importDataSet(graph, 'statsbomb', path.join(FIXTURES, 'statsbomb'), { season: { competition: 43, season: 3 } });
  }, 300_000);
  afterAll(() => graph.close());

  it('resolves nicknames and full names to the people already there, and creates no match, goal or person', async () => {
    expect(summary.people).toMatchObject({ created: 0, merged: 7, ambiguous: [] });
    expect(Object.keys(summary.created).sort()).toEqual(['assertions', 'sources']);
    const [messi] = await graph.read<{ aliases: string[] }>(`MATCH (p:Person {id: 'lionel-messi'}) RETURN p.aliases AS aliases`);
    expect(messi!.aliases).toEqual(expect.arrayContaining(['Lionel Messi', 'Lionel Andrés Messi Cuccittini']));
    const [goals] = await graph.read(
      `MATCH (g:Goal)-[:IN_MATCH]->(:Match {id: $match})
       RETURN count(g) AS goals, all(x IN collect(EXISTS { (g)-[:SOURCED_FROM]->(:Source {id: 'statsbomb-open-data'}) }) WHERE x) AS cited`,
      { match: MATCH },
    );
    expect(goals).toEqual({ goals: 3, cited: true });
  });

  it("keeps both assisters of a goal the sources dispute, each with its source, StatsBomb's preferred", async () => {
    const api = await startTestApi(graph);
    try {
      const { data, errors } = await api.query(`{
        assists(filter: { scorer: "Marcos Rojo" }) { assister { id } count }
        match(id: "${MATCH}") { goals { minute scorer { id } assistedBy { id } disputes { field preferred versions { value preferred sources { id } } } } }
      }`);
      expect(errors).toBeUndefined();
      expect(data!.assists).toEqual([{ assister: { id: 'ever-banega' }, count: 1 }]);
      const rojo = data!.match.goals.find((g: { scorer: { id: string } }) => g.scorer.id === 'marcos-rojo');
      expect(rojo.assistedBy).toEqual({ id: 'ever-banega' });
      const assist = rojo.disputes.find((d: { field: string }) => d.field === 'assist');
      expect(assist.versions.map((v: any) => [v.value, v.preferred, v.sources.map((s: any) => s.id)])).toEqual([
        ['ever-banega', true, ['statsbomb-open-data']],
        ['gabriel-mercado', false, ['wyscout-pappalardo-worldcup2018']],
      ]);
      // The goal both name the same assister for has no dispute.
      const messi = data!.match.goals.find((g: { scorer: { id: string } }) => g.scorer.id === 'lionel-messi');
      expect(messi.assistedBy).toEqual({ id: 'ever-banega' });
      expect(messi.disputes.filter((d: { field: string }) => d.field === 'assist')).toEqual([]);
    } finally {
      await api.close();
    }
  });

  it('gives the line-ups: a substitute on at 72, the one he replaced off then', async () => {
    const rows = await graph.read(
      `MATCH (p:Player)-[r:PLAYED_IN]->(:Match {id: $match}) WHERE p.id IN ['angel-di-maria', 'maximiliano-meza']
       RETURN p.id AS player, r.minuteOn AS on, r.minuteOff AS off, r.minutes AS minutes, r.sources AS sources ORDER BY player`,
      { match: MATCH },
    );
    const all = ['fjelstul-worldcup', 'statsbomb-open-data', 'wyscout-pappalardo-worldcup2018'];
    expect(rows).toEqual([
      { player: 'angel-di-maria', on: 0, off: 72, minutes: 72, sources: all },
      { player: 'maximiliano-meza', on: 72, off: null, minutes: 18, sources: all },
    ]);
  });

  it('rejects a season that is not in the folder, naming the file', async () => {
    const failure = await importDataSet(graph, 'statsbomb', path.join(FIXTURES, 'statsbomb'), { season: { competition: 43, season: 106 } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MalformedFileError);
    expect((failure as Error).message).toMatch(/matches\/43\/106\.json/);
  });
});
