import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver';
import { resetDatabase, testGraph } from '../support/graph';
import { startTestApi, type TestApi } from './api';
import { tournamentFixture, writeFixture } from './tournament.fixture';

let graph: GraphClient;
let api: TestApi;

beforeAll(async () => {
  graph = testGraph();
  await resetDatabase(graph);
  await writeFixture(graph, tournamentFixture(1901, 5));
  await writeFixture(graph, tournamentFixture(1902, 50));
  // The query below is deliberately large; the cost limit has its own tests.
  api = await startTestApi(graph, { maxCost: 1_000_000, maxDepth: 20 });
});

afterAll(async () => {
  await api?.close();
  await graph?.close();
});

/** Every relation of a match, some two and three levels down. */
const NESTED = `query ($year: Int!, $first: Int!) {
  matches(filter: { tournamentYear: $year }, first: $first) {
    totalCount
    nodes {
      id date homeScore awayScore
      tournament { year winner { id } }
      venue { name city { name } }
      homeTeam { name coaches { name } }
      awayTeam { name }
      goals {
        minute team { id } sources { id } disputes { field }
        scorer { name teams { id } worldCupStats { goals team { id } } }
        assistedBy { name assistedBy { count player { id } } }
      }
      appearances { starter player { name } team { id } sources { id } }
      substitutions { minute playerOn { name } playerOff { name } team { id } }
      coaches { coach { name teams { id } } team { id } }
      quotes { text speaker { name } }
      sources { id }
    }
  }
}`;

async function runNested(year: number, first: number) {
  const response = await api.query(NESTED, { year, first });
  expect(response.errors).toBeUndefined();
  return { matches: response.data!.matches, cypher: api.requests.at(-1)!.map((event) => event.cypher) };
}

describe('Cypher queries per request', () => {
  it('are as many for 50 matches as for 5: they grow with the depth of the query, not the results', async () => {
    const five = await runNested(1901, 5);
    const fifty = await runNested(1902, 50);

    expect(five.matches.nodes).toHaveLength(5);
    expect(fifty.matches.nodes).toHaveLength(50);
    expect(fifty.matches.nodes.flatMap((m: any) => m.goals)).toHaveLength(100);
    expect(fifty.matches.nodes.flatMap((m: any) => m.appearances)).toHaveLength(300);
    expect(fifty.matches.nodes[0].goals[0].scorer.name).toMatch(/^Player 1 of Fixtureland 1902/);

    // Not only as many: the very same statements (a loader runs once per level it is used at).
    expect(fifty.cypher).toHaveLength(five.cypher.length);
    expect([...fifty.cypher].sort()).toEqual([...five.cypher].sort());
    console.info(`Cypher queries per request: ${five.cypher.length} for 5 matches, ${fifty.cypher.length} for 50`);
  });

  it('batch every key of one level into one UNWIND over $ids', async () => {
    await runNested(1902, 50);
    const events = api.requests.at(-1)!;
    for (const event of events) expect(event.cypher).toMatch(/UNWIND \$ids AS id/);
    const teamLookups = events.filter((event) => /MATCH \(n:Team \{id: id\}\)/.test(event.cypher));
    expect(teamLookups).toHaveLength(1);
    // Home, away, goal, appearance, substitution and coaching teams: six teams, asked for once each.
    expect([...(teamLookups[0].params.ids as string[])].sort()).toEqual(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((letter) => `fixtureland-1902-${letter}-men`),
    );
  });
});
