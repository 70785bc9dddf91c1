import { mkdtempSync, readFileSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { importDataSet, type ImportSummary } from '../../src/ingest/history-import';
import { MalformedFileError } from '../../src/ingest/reading/validation';
import { startTestApi } from '../schema/api';
import { graphShape as shape, seededTestGraph } from '../support/graph';

const FIXTURES = path.join(__dirname, '..', 'fixtures');
const MATCH = 'wc-2018-men-group-stage-argentina-v-nigeria';


describe('importing the Wyscout fixture over the seeds and Fjelstul', () => {
  let graph: GraphClient;
  let summary: ImportSummary;

  beforeAll(async () => {
    graph = await seededTestGraph();
    await importDataSet(graph, 'fjelstul', path.join(FIXTURES, 'fjelstul'));
    summary = await importDataSet(graph, 'wyscout', path.join(FIXTURES, 'wyscout'));
  }, 300_000);
  afterAll(() => graph.close());

  it("joins Wyscout's match, teams, players and goals to the graph's, creating none of them again", async () => {
    expect(summary.created).toEqual({ sources: 1 });
    expect(summary.people).toMatchObject({ created: 0, merged: 10, ambiguous: [] });
    const [counts] = await graph.read(
      `MATCH (m:Match {id: $match})
       RETURN COUNT { (:Match)-[:IN_TOURNAMENT]->(:Tournament {id: 'wc-2018-men'}) } AS matches,
              COUNT { (:Goal)-[:IN_MATCH]->(m) } AS goals, COUNT { (:Substitution)-[:IN_MATCH]->(m) } AS substitutions,
              COUNT { (m)-[:SOURCED_FROM]->(:Source {id: 'wyscout-pappalardo-worldcup2018'}) } AS cited`,
      { match: MATCH },
    );
    expect(counts).toEqual({ matches: 1, goals: 3, substitutions: 2, cited: 1 });
  });

  it('makes "Lionel Andrés Messi Cuccittini" of Wyscout the Lionel Messi of the other sources, every spelling kept', async () => {
    const [messi] = await graph.read<{ id: string; aliases: string[]; keys: string[] }>(
      `MATCH (p:Person) WHERE 'lionel andres messi cuccittini' IN p.nameKeys RETURN p.id AS id, p.aliases AS aliases, p.sourceKeys AS keys`,
    );
    expect(messi!.id).toBe('lionel-messi');
    expect(messi!.aliases).toEqual(expect.arrayContaining(['Lionel Messi', 'Lionel Andrés Messi Cuccittini', 'L. Messi']));
    expect(messi!.keys).toEqual(expect.arrayContaining(['fjelstul-worldcup/players:P-14758', 'wyscout-pappalardo-worldcup2018/players:3359']));
  });

  it('credits the assists with their source, and serves them with the coverage of the tournament', async () => {
    const api = await startTestApi(graph);
    try {
      const { data, errors } = await api.query(`{
        assists(filter: { tournamentYears: [2018] }) { assister { id } scorer { id } count goals { minute match { id } sources { id } } }
        assistCoverage(filter: { tournamentYears: [2018] }) { tournamentYear goals goalsWithAssistData sources { id licence attribution } }
        sources { id licence attribution }
      }`);
      expect(errors).toBeUndefined();
      expect(data!.assists).toEqual([
        // One goal each: by the assister's name ("Éver" sorts after "Gabriel").
        { assister: { id: 'gabriel-mercado' }, scorer: { id: 'marcos-rojo' }, count: 1,
          goals: [{ minute: 86, match: { id: MATCH }, sources: [{ id: 'fjelstul-worldcup' }, { id: 'wyscout-pappalardo-worldcup2018' }] }] },
        { assister: { id: 'ever-banega' }, scorer: { id: 'lionel-messi' }, count: 1,
          goals: [{ minute: 14, match: { id: MATCH }, sources: [{ id: 'fjelstul-worldcup' }, { id: 'wyscout-pappalardo-worldcup2018' }] }] },
      ]);
      // Moses's penalty has no assister, and Wyscout records assists: known to have none.
      const [coverage] = data!.assistCoverage;
      expect(coverage).toMatchObject({ tournamentYear: 2018, goals: 3, goalsWithAssistData: 3 });
      expect(coverage.sources).toHaveLength(1);
      expect(coverage.sources[0].attribution).toContain('https://doi.org/10.6084/m9.figshare.c.4415000');
      expect(data!.sources.find((s: { id: string }) => s.id === 'wyscout-pappalardo-worldcup2018').licence).toMatch(/^CC BY 4\.0/);
      const [edge] = await graph.read(
        `MATCH (:Player {id: 'ever-banega'})-[a:ASSISTED]->(:Goal)<-[:SCORED]-(:Player {id: 'lionel-messi'}) RETURN a.sources AS sources`,
      );
      expect(edge).toEqual({ sources: ['wyscout-pappalardo-worldcup2018'] });
    } finally {
      await api.close();
    }
  });

  it("merges the line-ups: Fjelstul's minutes preferred, both sources cited", async () => {
    const rows = await graph.read(
      `MATCH (p:Player)-[r:PLAYED_IN]->(:Match {id: $match})
       RETURN p.id AS player, r.starter AS starter, r.minuteOn AS on, r.minuteOff AS off, r.minutes AS minutes, r.sources AS sources
       ORDER BY player`,
      { match: MATCH },
    );
    expect(rows).toContainEqual({ player: 'angel-di-maria', starter: true, on: 0, off: 72, minutes: 72, sources: ['fjelstul-worldcup', 'wyscout-pappalardo-worldcup2018'] });
    expect(rows).toContainEqual({ player: 'alex-iwobi', starter: false, on: 90, off: null, minutes: 0, sources: ['fjelstul-worldcup', 'wyscout-pappalardo-worldcup2018'] });
    // Acuña sat on the bench: on Wyscout's squad sheet, not an appearance.
    expect(rows.map((r) => r.player)).not.toContain('marcos-acuna');
    expect(rows).toHaveLength(9);
  });

  it('changes nothing when imported again, every row compared with the graph (--force)', async () => {
    const before = await shape(graph);
    const again = await importDataSet(graph, 'wyscout', path.join(FIXTURES, 'wyscout'), { force: true });
    expect(await shape(graph)).toEqual(before);
    expect(again).toMatchObject({ unchanged: false, written: {} });
  });

  it('stops after validating the files of its last import, and compares every row again once a file changed', async () => {
    const before = await shape(graph);
    expect(await importDataSet(graph, 'wyscout', path.join(FIXTURES, 'wyscout'))).toMatchObject({ unchanged: true, written: {} });
    // The same records in other bytes (a quoted field): compared row by row, nothing to write.
    const quoted = fixtureCopyWithGoals((goals) => goals.replace(',3280,É. Banega,', ',3280,"É. Banega",'));
    expect(await importDataSet(graph, 'wyscout', quoted)).toMatchObject({ unchanged: false, written: {} });
    expect(await importDataSet(graph, 'wyscout', quoted)).toMatchObject({ unchanged: true });
    // The record now holds the quoted copy's digest, so the original files are compared again.
    expect(await importDataSet(graph, 'wyscout', path.join(FIXTURES, 'wyscout'))).toMatchObject({ unchanged: false, written: {} });
    expect(await shape(graph)).toEqual(before);
  });

  it('rejects an assister missing from the squad sheet with file and line, and writes nothing', async () => {
    const dir = fixtureCopyWithGoals((goals) => goals.replace(',3280,É. Banega,', ',999999,Nobody,'));
    const before = await shape(graph);
    const failure = await importDataSet(graph, 'wyscout', dir).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MalformedFileError);
    expect((failure as Error).message).toMatch(/goals\.csv:2: assister_id 999999 is not on the squad sheet of match 2057976/);
    expect(await shape(graph)).toEqual(before);
  });
});

/** A copy of the Wyscout fixture folder with its goals.csv edited. */
function fixtureCopyWithGoals(edit: (goals: string) => string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'wyscout-'));
  cpSync(path.join(FIXTURES, 'wyscout'), dir, { recursive: true });
  writeFileSync(path.join(dir, 'goals.csv'), edit(readFileSync(path.join(dir, 'goals.csv'), 'utf8')));
  return dir;
}
