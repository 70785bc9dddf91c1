import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyBundle, type FactBundle } from '../../src/graph/bundle';
import type { GraphClient } from '../../src/graph/driver';
import { ingestBundle } from '../../src/ingest/pipeline';
import { resetDatabase, testGraph } from '../support/graph';

const MATCH = 'wc-2026-men-final-argentina-v-spain';
const GOAL = `${MATCH}-goal-1`;
const REPORTS = ['report-a', 'report-b', 'report-c'];

/** The final with one goal, as `sources` tell it: scorer and minute. */
function finalBundle(sources: string[], scorerId: string, minute: number): FactBundle {
  const bundle = emptyBundle();
  bundle.sources.push(...REPORTS.map((id) => ({ id, title: id, kind: 'report' as const })));
  bundle.tournaments.push({ id: 'wc-2026-men', year: 2026, gender: 'MEN', name: '2026 FIFA World Cup', hosts: [], sources });
  bundle.stages.push({ id: 'wc-2026-men-final', tournamentId: 'wc-2026-men', slug: 'final', name: 'Final', order: 9, sources });
  for (const [id, name] of [['argentina-men', 'Argentina'], ['spain-men', 'Spain']]) {
    bundle.teams.push({ id: id!, name: name!, gender: 'MEN', aliases: [], sources });
  }
  for (const [id, name] of [['lionel-messi', 'Lionel Messi'], ['julian-alvarez', 'Julián Álvarez']]) {
    bundle.people.push({ id: id!, name: name!, roles: ['Player'], aliases: [], sources });
  }
  bundle.matches.push({
    id: MATCH, tournamentId: 'wc-2026-men', stageId: 'wc-2026-men-final', stage: 'final',
    homeTeamId: 'spain-men', awayTeamId: 'argentina-men', sources,
  });
  bundle.goals.push({
    id: GOAL, matchId: MATCH, teamId: 'argentina-men', scorerId, sequence: 1, minute, penalty: false, ownGoal: false, sources,
  });
  return bundle;
}

const ingest = (graph: GraphClient, bundle: FactBundle) => ingestBundle(graph, bundle, { statementSources: (sources) => [...sources] });

describe('the reconciler writing a disputed scorer', () => {
  let graph: GraphClient;

  beforeAll(async () => {
    graph = testGraph();
    await resetDatabase(graph);
  });
  afterAll(() => graph.close());

  const scorers = () =>
    graph.read<{ scorer: string; sources: string[] }>(
      `MATCH (p:Player)-[r:SCORED]->(:Goal {id: $id}) RETURN p.id AS scorer, r.sources AS sources`,
      { id: GOAL },
    );
  const assertions = () =>
    graph.read<{ value: string; preferred: boolean; source: string }>(
      `MATCH (:Goal {id: $id})-[:HAS_ASSERTION]->(a:Assertion {field: 'scorer'})-[:SOURCED_FROM]->(s)
       RETURN a.value AS value, a.preferred AS preferred, s.id AS source ORDER BY source`,
      { id: GOAL },
    );

  it('keeps exactly one SCORED edge when the preferred scorer changes, and every version as an Assertion', async () => {
    await ingest(graph, finalBundle(['report-a'], 'lionel-messi', 36));
    expect(await scorers()).toEqual([{ scorer: 'lionel-messi', sources: ['report-a'] }]);

    // Two sources against one: the scorer changes, the old edge goes. Same match, team and minute:
    // the same goal, whatever its place in either source's list.
    const { conflicts } = await ingest(graph, finalBundle(['report-b', 'report-c'], 'julian-alvarez', 36));
    expect(await scorers()).toEqual([{ scorer: 'julian-alvarez', sources: ['report-b', 'report-c'] }]);
    expect(await assertions()).toEqual([
      { value: 'lionel-messi', preferred: false, source: 'report-a' },
      { value: 'julian-alvarez', preferred: true, source: 'report-b' },
      { value: 'julian-alvarez', preferred: true, source: 'report-c' },
    ]);
    expect(conflicts.map((c) => `${c.subjectId}#${c.field}`)).toEqual([`${GOAL}#scorer`]);
    expect(await graph.read(`MATCH (g:Goal)-[:IN_MATCH]->(:Match {id: $id}) RETURN g.id AS id`, { id: MATCH })).toEqual([{ id: GOAL }]);
  });

  it('matches a goal a minute apart by its scorer, and keeps both minutes', async () => {
    const { conflicts } = await ingest(graph, finalBundle(['report-b', 'report-c'], 'julian-alvarez', 37));
    expect(conflicts.map((c) => `${c.subjectId}#${c.field}`)).toEqual([`${GOAL}#minute`, `${GOAL}#scorer`]);
    const goals = await graph.read(`MATCH (g:Goal)-[:IN_MATCH]->(:Match {id: $id}) RETURN g.id AS id, g.minute AS minute`, { id: MATCH });
    expect(goals).toEqual([{ id: GOAL, minute: 37 }]);
  });

  it('does not flip back when the outvoted source is loaded again', async () => {
    await ingest(graph, finalBundle(['report-a'], 'lionel-messi', 36));
    expect(await scorers()).toEqual([{ scorer: 'julian-alvarez', sources: ['report-b', 'report-c'] }]);
    expect((await assertions()).filter((a) => a.preferred).map((a) => a.source)).toEqual(['report-b', 'report-c']);
  });
});
