import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { readExampleQueries } from '../../src/server/plan-warm-up';
import { parseExampleQuery, type ExampleQuery } from '../../web/examples/example-query';
import { startAppServer, type AppServer } from '../e2e/app-server';
import { seededTestGraph } from '../support/graph';

async function loadExamples(): Promise<ExampleQuery[]> {
  return (await readExampleQueries()).map(({ file, query }) => parseExampleQuery(file, query));
}

/**
 * What each example must show on the seeded graph, beyond running without errors: an example
 * that silently returns nothing would make a poor first impression in the playground.
 */
const EXPECTATIONS: Record<string, (data: any) => void> = {
  '01-semi-final-in-full': ({ match }) => {
    expect(match.goals).toHaveLength(3);
    expect(match.goals.filter((goal: any) => goal.assistedBy).length).toBe(3);
    expect(match.substitutions.length).toBeGreaterThan(0);
    expect(match.appearances.length).toBeGreaterThanOrEqual(22);
    expect(match.coaches).toHaveLength(2);
    expect(match.quotes.length).toBeGreaterThan(0);
    expect(match.sources.length).toBeGreaterThan(0);
  },
  '02-who-assisted-whom-2026': ({ assists }) => {
    const pairs = assists.map((link: any) => `${link.assister.name} -> ${link.scorer.name}`);
    expect(pairs).toEqual(
      expect.arrayContaining(['Lionel Messi -> Enzo Fernández', 'Lionel Messi -> Lautaro Martínez']),
    );
  },
  '03-who-assisted-whom-every-world-cup': ({ assists, assistCoverage }) => {
    expect(assists.length).toBeGreaterThan(0);
    // The seeds: the semi-final's three goals have assist data, the rest of 2026 none.
    expect(assistCoverage).toContainEqual(expect.objectContaining({ tournamentYear: 2026, goalsWithAssistData: 3 }));
  },
  '04-argentina-v-england-head-to-head': ({ headToHead }) => {
    expect(headToHead.meetings.length).toBeGreaterThanOrEqual(2);
    const semiFinal = headToHead.meetings.find((meeting: any) => meeting.tournament.year === 2026);
    expect(semiFinal.goals.map((goal: any) => goal.scorer.name)).toContain('Enzo Fernández');
  },
  '05-player-world-cup-career': ({ player }) => {
    expect(player.name).toBe('Lionel Messi');
    expect(player.assists.length).toBeGreaterThanOrEqual(2);
    expect(player.claims.length).toBeGreaterThan(0);
  },
  '06-shortest-path-between-players': ({ path: found }) => {
    expect(found.nodes[0].id).toBe('lionel-messi');
    expect(found.nodes.at(-1).id).toBe('harry-kane');
    expect(found.relationships).toHaveLength(found.length);
  },
  '07-disputed-fact-with-sources': ({ match }) => {
    const stage = match.disputes.find((dispute: any) => dispute.field === 'stage');
    expect(new Set(stage.versions.map((version: any) => version.value))).toEqual(
      new Set(['quarter-final', 'round-of-16']),
    );
    // Each version names its own sources: the two reports disagree, so no source backs both.
    const sourcesOf = (value: string) =>
      stage.versions
        .filter((version: any) => version.value === value)
        .flatMap((version: any) => version.sources.map((source: any) => source.id));
    const [roundOf16, quarterFinal] = [sourcesOf('round-of-16'), sourcesOf('quarter-final')];
    expect(roundOf16.length).toBeGreaterThan(0);
    expect(quarterFinal.length).toBeGreaterThan(0);
    expect(roundOf16.filter((id: string) => quarterFinal.includes(id))).toEqual([]);
  },
  '08-sources-and-licences': ({ sources }) => {
    expect(sources.find((source: any) => source.id === 'openfootball-worldcup')).toMatchObject({ licence: expect.stringMatching(/^CC0 1\.0 /) });
    expect(sources.filter((source: any) => source.kind === 'REPORT').length).toBeGreaterThanOrEqual(2);
  },
  '09-top-scorers': ({ scorers, assisters }) => {
    expect(scorers.map((leader: any) => leader.player.name)).toEqual(expect.arrayContaining(['Enzo Fernández', 'Lautaro Martínez']));
    expect(assisters[0]).toMatchObject({ rank: 1, player: { name: 'Lionel Messi' }, team: { name: 'Argentina' } });
  },
  '10-tournament-teams-squads-groups': ({ tournament }) => {
    const argentina = tournament.teams.find((entry: any) => entry.team.name === 'Argentina');
    expect(argentina.squad.map((member: any) => member.player.name)).toContain('Lionel Messi');
    expect(argentina.coaches.map((coach: any) => coach.name)).toEqual(['Lionel Scaloni']);
    expect(tournament.stages.length).toBeGreaterThan(0);
  },
  '11-team-record-and-rivals': ({ team }) => {
    expect(team.record.played).toBeGreaterThan(0);
    expect(team.opponents.map((record: any) => record.opponent.name)).toContain('England');
    expect(team.tournaments.map((entry: any) => entry.tournament.year)).toContain(2026);
  },
  '12-any-entity-by-id-with-provenance': ({ node, semiFinal }) => {
    expect(node).toMatchObject({ __typename: 'Match', stage: 'ROUND_OF_16' });
    expect(node.sources.map((source: any) => source.kind)).toContain('REPORT');
    expect(node.disputes.map((dispute: any) => dispute.field)).toContain('stage');
    expect(semiFinal.nodes.map((match: any) => match.id)).toContain('wc-2026-men-semi-final-argentina-v-england');
  },
};

describe('the playground examples (web/examples/*.graphql) against the seeded API', async () => {
  const examples = await loadExamples();
  let graph: GraphClient;
  let app: AppServer;

  beforeAll(async () => {
    graph = await seededTestGraph();
    app = await startAppServer(graph);
  });
  afterAll(async () => {
    await app?.close();
    await graph?.close();
  });

  it('has an expectation for every example, and an example for every expectation', () => {
    expect(examples.map((example) => example.name)).toEqual(Object.keys(EXPECTATIONS).sort());
  });

  it.each(examples.map((example) => [example.name, example] as const))(
    '%s runs without errors',
    async (_name, example) => {
      const response = await fetch(`${app.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: example.query }),
      });
      const { data, errors } = (await response.json()) as { data?: unknown; errors?: unknown[] };
      expect(errors).toBeUndefined();
      expect(response.status).toBe(200);
      EXPECTATIONS[example.name](data);
    },
  );
});
