import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_QUERY_LIMITS } from '../../src/config';
import type { GraphClient } from '../../src/graph/driver/driver';
import { resetDatabase, testGraph, writeFixture } from '../support/graph';
import { startTestApi, warmLookAhead, type TestApi } from './api';
import { tournamentFixture } from './tournament.fixture';

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
  matches(filter: { tournamentYears: [$year] }, first: $first) {
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
  await warmLookAhead(api, NESTED, { year, first });
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
    // Pinned: a loader added to the query's levels changes it on purpose, one that runs per row never passes.
    // Look-ahead (src/schema/look-ahead.ts) reads the relations it knows with the page (21 statements before it).
    // The sources of every entity are read ahead too; the quotes' speakers (an interface) and the
    // appearances' sources (ids on the row) are read in one wave after it.
    expect(five.cypher).toHaveLength(2);
  });

  it('batch every key of one level into one UNWIND over $ids', async () => {
    await runNested(1902, 50);
    const events = api.requests.at(-1)!;
    for (const event of events) expect(event.cypher).toMatch(/UNWIND \$ids\.items AS id/);
    const teamLookups = events.filter((event) => /MATCH \(n:Team \{id: id\}\)/.test(event.cypher));
    // Home, away, goal, appearance, substitution and coaching teams: read ahead with the page, which
    // asks for its one key; no statement of a later level asks for a team again.
    expect(teamLookups).toHaveLength(1);
    expect((teamLookups[0].params.ids as { items: unknown[] }).items).toEqual([expect.objectContaining({ tournamentYears: [1902], first: 50 })]);
  });
});

const TEAM_A = 'Fixtureland 1902 A';
const TEAM_B = 'fixtureland-1902-b-men';

/**
 * One alias of each root field, its arguments distinct per alias `i` so that no DataLoader cache can
 * hide a statement per alias; some find something, most find nothing, as an attacker's would.
 */
const ROOT_FIELDS: Record<string, (i: number) => string> = {
  player: (i) => `player(name: "Player ${i % 3 + 1} of Fixtureland 1902 A ${'x'.repeat(i)}") { id }`,
  playerById: (i) => `player(id: "player-${i}") { id }`,
  players: (i) => `players(filter: { name: "player ${i}" }, first: 2) { totalCount }`,
  coach: (i) => `coach(name: "Coach ${i}") { id }`,
  team: (i) => `team(name: "Fixtureland 1902 ${String.fromCharCode(65 + (i % 26))}") { id }`,
  teams: (i) => `teams(filter: { name: "fixtureland ${i}" }) { totalCount }`,
  match: (i) => `match(id: "match-${i}") { id }`,
  matches: (i) => `matches(filter: { tournamentYears: [${1900 + i}], teams: ["${TEAM_A}"] }, first: 3) { totalCount }`,
  goal: (i) => `goal(id: "goal-${i}") { id }`,
  tournament: (i) => `tournament(year: ${1900 + i}) { id }`,
  tournaments: (i) => `tournaments(first: ${i}) { totalCount }`,
  headToHead: (i) => `headToHead(teamA: "${TEAM_A}", teamB: "${TEAM_B}", tournamentYears: [${1930 + i}]) { played }`,
  assists: (i) => `assists(filter: { tournamentYears: [${1900 + i}], team: "${TEAM_A}" }, first: 3) { count }`,
  path: (i) => `path(from: "fixtureland-1902-a-men", to: "player-${i}-of-fixtureland-1902-b", maxHops: 3) { length }`,
  search: (i) => `search(text: "fixtureland ${i}", first: 3) { id }`,
  sources: () => 'sources { id }',
};

async function statementsFor(field: (i: number) => string, aliases: number): Promise<number> {
  const selections = Array.from({ length: aliases }, (_, i) => `a${i}: ${field(i)}`).join('\n');
  const response = await api.query(`{ ${selections} }`);
  expect(response.errors).toBeUndefined();
  // Not the look-ahead's compilations (EXPLAIN): made once per statement, whichever request sees it again.
  return api.requests.at(-1)!.filter((event) => !event.cypher.startsWith('EXPLAIN ')).length;
}

describe('Aliased root fields', () => {
  // As many aliases as the default root-field limit lets through (KG_MAX_ROOT_FIELDS, 20).
  const most = DEFAULT_QUERY_LIMITS.maxRootFields;
  it.each(Object.entries(ROOT_FIELDS))(`%s: ${most} aliases run as many Cypher statements as 2`, async (_name, field) => {
    const two = await statementsFor(field, 2);
    const many = await statementsFor(field, most);
    expect(many).toBe(two);
    expect(two).toBeGreaterThan(0);
  });
});
