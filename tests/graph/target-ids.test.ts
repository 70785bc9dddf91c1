import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { refreshTargetIds, writtenBeforeTargetIds } from '../../src/graph/write/target-ids';
import { seedDatabase } from '../../src/ingest/seeds/load';
import { reseedDatabase, testGraph } from '../support/graph';

const SEMI_FINAL = 'wc-2026-men-semi-final-argentina-v-england';

/** The semi-final's goals as their properties say and as their edges say. */
async function semiFinalGoals(graph: GraphClient) {
  return graph.read<{ id: string; props: unknown[]; edges: unknown[] }>(
    `MATCH (g:Goal)-[:IN_MATCH]->(m:Match {id: $match})
     RETURN g.id AS id, [g.matchId, g.teamId, g.scorerId, g.assistId] AS props,
       [m.id, head([(g)-[:FOR_TEAM]->(t) | t.id]), head([(p)-[:SCORED]->(g) | p.id]), head([(p)-[:ASSISTED]->(g) | p.id])] AS edges
     ORDER BY g.sequence`,
    { match: SEMI_FINAL },
  );
}

/** A graph written before nodes kept their target ids: the properties removed from every goal and match. */
const forgetTargetIds = (graph: GraphClient) =>
  graph.write(`MATCH (n) WHERE n:Goal OR n:Match REMOVE n.matchId, n.teamId, n.scorerId, n.assistId, n.tournamentId, n.stageId,
    n.homeTeamId, n.awayTeamId, n.venueId`);

describe('target-id properties', () => {
  const graph = testGraph();

  beforeEach(async () => {
    await reseedDatabase(graph);
  });
  afterAll(() => graph.close());

  it('are written with the nodes, equal to their edges', async () => {
    const goals = await semiFinalGoals(graph);
    expect(goals).toHaveLength(3);
    for (const goal of goals) expect(goal.props).toEqual(goal.edges);
    // Every goal of the semi-final has a scorer and an assister (the seeds' reports name them).
    expect(goals.every((goal) => goal.props[2] !== null && goal.props[3] !== null)).toBe(true);
    const [match] = await graph.read<{ ids: unknown[] }>(
      'MATCH (m:Match {id: $match}) RETURN [m.tournamentId, m.homeTeamId, m.awayTeamId] AS ids',
      { match: SEMI_FINAL },
    );
    expect(match!.ids).toEqual(['wc-2026-men', 'england-men', 'argentina-men']);
    expect(await writtenBeforeTargetIds(graph)).toBe(false);
    expect(await refreshTargetIds(graph)).toBe(0);
  });

  it('are brought back by refreshTargetIds in a graph written without them, once', async () => {
    await forgetTargetIds(graph);
    expect(await writtenBeforeTargetIds(graph)).toBe(true);
    expect((await semiFinalGoals(graph))[0]!.props).toEqual([null, null, null, null]);
    const [{ nodes }] = (await graph.read<{ nodes: number }>('MATCH (n) WHERE n:Goal OR n:Match RETURN count(n) AS nodes')) as [{ nodes: number }];
    expect(await refreshTargetIds(graph)).toBe(nodes);
    for (const goal of await semiFinalGoals(graph)) expect(goal.props).toEqual(goal.edges);
    expect(await refreshTargetIds(graph)).toBe(0);
    expect(await writtenBeforeTargetIds(graph)).toBe(false);
  });

  it('are written again when the same facts are loaded into a graph without them', async () => {
    await forgetTargetIds(graph);
    await seedDatabase(graph);
    for (const goal of await semiFinalGoals(graph)) expect(goal.props).toEqual(goal.edges);
    expect(await refreshTargetIds(graph)).toBe(0);
  });
});
