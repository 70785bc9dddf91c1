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
  await writeFixture(graph, tournamentFixture(1902, 12));
  // Fifty aliases are a large query on purpose; the cost limit has its own tests.
  api = await startTestApi(graph, { maxCost: 1_000_000, maxDepth: 20 });
});

afterAll(async () => {
  await api?.close();
  await graph?.close();
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
  matches: (i) => `matches(filter: { tournamentYear: ${1900 + i}, teams: ["${TEAM_A}"] }, first: 3) { totalCount }`,
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
  return api.requests.at(-1)!.length;
}

describe('Aliased root fields', () => {
  it.each(Object.entries(ROOT_FIELDS))('%s: 50 aliases run as many Cypher statements as 2', async (_name, field) => {
    const two = await statementsFor(field, 2);
    const fifty = await statementsFor(field, 50);
    expect(fifty).toBe(two);
    expect(two).toBeGreaterThan(0);
  });
});
