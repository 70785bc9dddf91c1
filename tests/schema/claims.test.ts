import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimCheckCache } from '../../src/graph/read/claims/claim-check-cache';
import { computeClaimChecks } from '../../src/graph/read/claims/claim-checks';
import { readDataVersion } from '../../src/graph/write/data-version';
import type { GraphClient } from '../../src/graph/driver/driver';
import { ingestBundle } from '../../src/ingest/pipeline';
import { seedDatabase } from '../../src/ingest/seeds/load';
import { argentinaEnglandHistory } from '../fixtures/argentina-england-history';
import { COMPLETE_SOURCE, completeWorldCup2030, FINAL as FINAL_2030, GROUP_MATCH, SEMI_FINAL as SEMI_FINAL_2030 } from '../fixtures/complete-world-cup-2030';
import { testGraph } from '../support/graph';
import { seedTestGraph } from '../support/seeded-api';
import { startTestApi, type TestApi } from './api';

const SEMI_FINAL = 'wc-2026-men-semi-final-argentina-v-england';
const CHECK = `check { value values verdict coverage { facts complete covered { year } uncovered { year } } evidence { id } }`;

let graph: GraphClient;
let api: TestApi;

beforeAll(async () => {
  graph = await seedTestGraph(testGraph(), argentinaEnglandHistory());
  api = await startTestApi(graph);
});

afterAll(async () => {
  await api?.close();
  await graph?.close();
});

async function checksById(filter?: Record<string, unknown>): Promise<Record<string, any>> {
  const { data, errors } = await api.query(`query ($filter: ClaimFilter) { claims(filter: $filter) { id metric value values checkable ${CHECK} } }`, { filter });
  expect(errors).toBeUndefined();
  return Object.fromEntries(data!.claims.map((claim: any) => [claim.id, claim]));
}

describe('claims checked against the seeds and the Argentina v England history fixture', () => {
  it('gives every seeded claim a check, checkable exactly when the metric has a computation', async () => {
    const claims = Object.values(await checksById());
    expect(claims).toHaveLength(19);
    for (const claim of claims) if (!claim.checkable) expect(claim.check.verdict).toBe('NOT_COMPUTABLE');
    expect(claims.filter((claim) => !claim.checkable).map((claim) => claim.metric).sort()).toEqual([
      'first-world-cup-match-of-top-two-ranked-since', 'international-goals',
    ]);
    // Checkable, but a graph without matches beyond the World Cup has nothing to count "all competitions" from.
    const allCompetitions = claims.filter((claim) => ['head-to-head-record', 'winless-run-ended'].includes(claim.metric));
    expect(allCompetitions.map((claim) => [claim.checkable, claim.check.verdict])).toEqual([[true, 'NOT_COMPUTABLE'], [true, 'NOT_COMPUTABLE']]);
    expect(claims.filter((claim) => claim.checkable && claim.check.verdict === 'NOT_COMPUTABLE')).toEqual(allCompetitions);
  });

  it('match-assists: Messi set up both semi-final goals the seeds record, the match holds every goal: CONFIRMED', async () => {
    const { check } = (await checksById())['claim-messi-semi-final-assists'];
    expect(check).toMatchObject({ value: 2, verdict: 'CONFIRMED', coverage: [{ facts: 'assists', complete: true }] });
    expect(check.evidence.map((goal: any) => goal.id).sort()).toEqual([`${SEMI_FINAL}-goal-2`, `${SEMI_FINAL}-goal-3`]);
  });

  it('age: Messi (born 1987-06-24) was 39 on 2026-07-15: CONFIRMED, with the person and the match as evidence', async () => {
    const { check } = (await checksById())['claim-messi-age'];
    expect(check).toMatchObject({ value: 39, verdict: 'CONFIRMED', coverage: [] });
    expect(check.evidence.map((e: any) => e.id)).toEqual(['lionel-messi', SEMI_FINAL]);
  });

  it('world-cup-assists and world-cup-knockout-assists: 2 known, 2026 not fully covered: PARTIAL_DATA naming 2026', async () => {
    const claims = await checksById();
    expect(claims['claim-messi-world-cup-assists'].check).toMatchObject({
      value: 2, verdict: 'PARTIAL_DATA', coverage: [{ facts: 'assists', complete: false, uncovered: [{ year: 2026 }] }],
    });
    // England's semi-final goal has an assist too: the next player has 1, a lead of 1.
    expect(claims['claim-messi-world-cup-knockout-assists'].check).toMatchObject({ value: 2, values: [2, 1], verdict: 'PARTIAL_DATA' });
  });

  it('world-cup-goals, tournament-goals and goals-as-substitute count the goals the graph holds', async () => {
    const claims = await checksById();
    expect(claims['claim-messi-world-cup-goals'].check).toMatchObject({ value: 0, verdict: 'PARTIAL_DATA' });
    // Lautaro Martínez came on and scored the semi-final winner: 1 goal, off the bench.
    expect(claims['claim-lautaro-martinez-2026-goals'].check).toMatchObject({
      value: 1, values: [1, 1], verdict: 'PARTIAL_DATA', evidence: [{ id: `${SEMI_FINAL}-goal-3` }],
    });
  });

  it('world-cup-goal-contributions and the goal-or-assist streak follow the line-ups and assists held', async () => {
    const claims = await checksById();
    // Messi: no goal, 2 assists, 1 match with a line-up (the semi-final), in which he set up goals.
    expect(claims['claim-messi-world-cup-goal-contributions'].check).toMatchObject({ value: 2, values: [2, 1, 0, 2], verdict: 'PARTIAL_DATA' });
    expect(claims['claim-messi-world-cup-contribution-streak'].check).toMatchObject({ value: 1, verdict: 'PARTIAL_DATA', evidence: [{ id: SEMI_FINAL }] });
    expect(claims['claim-messi-knockout-minutes-2026'].check).toMatchObject({ value: 1, verdict: 'PARTIAL_DATA', evidence: [{ id: SEMI_FINAL }] });
  });

  it('team metrics count finals, semi-finals and titles the graph holds, as of the claim\'s match', async () => {
    const claims = await checksById();
    expect(claims['claim-argentina-world-cup-finals'].check).toMatchObject({ value: 1, values: [1, 0, 0], verdict: 'PARTIAL_DATA' });
    expect(claims['claim-argentina-consecutive-world-cup-finals'].check).toMatchObject({ value: 1, values: [null, null], verdict: 'PARTIAL_DATA' });
    expect(claims['claim-england-world-cup-semi-finals'].check).toMatchObject({ value: 1, values: [1, 1], verdict: 'PARTIAL_DATA' });
    // 20-tournaments.yaml names the winners: Italy 1934 and 1938, Brazil 1958 and 1962.
    expect(claims['claim-back-to-back-world-cup-winners'].check).toMatchObject({
      value: 2, values: [1934, 1938, 1958, 1962], verdict: 'PARTIAL_DATA',
      evidence: [{ id: 'wc-1934-men' }, { id: 'wc-1938-men' }, { id: 'wc-1958-men' }, { id: 'wc-1962-men' }],
    });
  });

  it('filters by verdict, entity and source; a filter naming nothing is BAD_USER_INPUT with the argument', async () => {
    expect(Object.keys(await checksById({ verdict: 'CONFIRMED' })).sort()).toEqual(['claim-messi-age', 'claim-messi-semi-final-assists']);
    expect(Object.keys(await checksById({ about: 'england-men' })).sort())
      .toEqual(['claim-anthony-gordon-england-goals', 'claim-argentina-winless-run-v-england-ended', 'claim-england-world-cup-semi-finals']);
    // Report 000 states seven claims, all of metrics the graph computes.
    expect(Object.keys(await checksById({ source: '000_10f36a323a73b675.txt' }))).toHaveLength(7);
    expect(Object.keys(await checksById({ source: '000_10f36a323a73b675.txt', verdict: 'NOT_COMPUTABLE' }))).toEqual([]);
    for (const [filter, argumentName] of [[{ about: 'nobody' }, 'filter.about'], [{ source: 'nothing.txt' }, 'filter.source']] as const) {
      const { errors } = await api.query('query ($filter: ClaimFilter) { claims(filter: $filter) { id } }', { filter });
      expect(errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName });
    }
    const { errors } = await api.query('{ claims(filter: { verdict: MAYBE }) { id } }');
    expect(errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('lists each entity\'s claims with their checks: the semi-final\'s claims are those made at it', async () => {
    const { data, errors } = await api.query(`query ($id: ID!) { match(id: $id) { claims { id ${CHECK} } } }`, { id: SEMI_FINAL });
    expect(errors).toBeUndefined();
    // 3 with role `match`, 10 made `as-of` it (Argentina v Spain in all competitions among them), England's with role `latest`.
    expect(data!.match.claims.length).toBe(14);
    expect(data!.match.claims.every((claim: any) => claim.check.verdict)).toBe(true);
  });

  it("keeps the order of what a claim is about, whatever order Neo4j stores its relationships in", async () => {
    const FINALS = 'claim-argentina-world-cup-finals';
    const aboutOf = async () => (await computeClaimChecks(graph)).find((checked) => checked.claim.id === FINALS)!.claim.about.map((about) => about.id);
    // As 70-claims.yaml lists them: the checks pair stated and computed figures by this order.
    const listed = ['argentina-men', 'brazil-men', 'germany-men', 'wc-2026-men-final-argentina-v-spain'];
    expect(await aboutOf()).toEqual(listed);
    // Written again last-first, then first-first: the order Neo4j returns relationships in changes, the claim's must not.
    for (const order of ['DESC', 'ASC']) {
      await graph.write(
        `MATCH (c:Claim {id: $id})-[r:ABOUT]->(e)
         WITH c, collect({e: e, role: r.role, position: r.position}) AS about, collect(r) AS edges
         FOREACH (r IN edges | DELETE r)
         WITH c, about
         UNWIND about AS subject
         WITH c, subject ORDER BY subject.position ${order}
         WITH c, subject, subject.e AS e
         CREATE (c)-[:ABOUT {role: subject.role, position: subject.position}]->(e)`,
        { id: FINALS },
      );
      expect(await aboutOf()).toEqual(listed);
    }
  });

  it('computes the checks once per data version, in statements independent of the number of claims', async () => {
    await checksById();
    const computed = claimCheckCache.computations;
    const before = api.requests.length;
    await api.query(`{ claims { id ${CHECK} } }`);
    await api.query(`{ a: claims { id check { verdict } } b: player(name: "Lionel Messi") { claims { check { value } } } }`);
    expect(claimCheckCache.computations).toBe(computed);
    // A request reads the data version once, then the entities and tournaments it shows: one statement each.
    for (const request of api.requests.slice(before)) expect(request.length).toBeLessThanOrEqual(4);
  });

  it('checks a claim added to a seed file, with no code change, after the seed bumps the data version', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'claims-seeds-'));
    try {
      cpSync('seeds', dir, { recursive: true });
      writeFileSync(path.join(dir, '80-more-claims.yaml'), `claims:
  - id: claim-messi-three-semi-final-assists
    statement: A made-up claim that Messi set up three goals in the 2026 semi-final.
    metric: match-assists
    value: 3
    scope: match
    checkable: true
    about:
      - { id: lionel-messi, role: subject }
      - { id: ${SEMI_FINAL}, role: match }
    sources: [003_64d3008cb0b61a72.txt]
`);
      const version = await readDataVersion(graph);
      const computed = claimCheckCache.computations;
      await seedDatabase(graph, dir);
      expect(await readDataVersion(graph)).not.toBe(version);
      const claim = (await checksById())['claim-messi-three-semi-final-assists'];
      expect(claim).toMatchObject({ checkable: true, check: { value: 2, verdict: 'CONTRADICTED' } });
      expect(claimCheckCache.computations).toBe(computed + 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('claims over a complete tournament (tests/fixtures/complete-world-cup-2030.ts): one per metric, answers known', () => {
  beforeAll(async () => {
    await ingestBundle(graph, completeWorldCup2030(), { statementSources: (sources) => sources.filter((id) => id === COMPLETE_SOURCE) });
  });

  const checkOf = async (id: string) => (await checksById())[`claim-test-${id}`].check;

  it('deficit-overturned: Argentina came back from 0-2 against Egypt, the evidence is the five goals in order', async () => {
    const check = await checkOf('egypt-comeback');
    expect(check).toMatchObject({ value: 2, verdict: 'CONFIRMED', coverage: [{ facts: 'goals', complete: true, covered: [{ year: 2030 }] }] });
    expect(check.evidence.map((goal: any) => goal.id)).toEqual([1, 2, 3, 4, 5].map((n) => `${GROUP_MATCH}-goal-${n}`));
  });

  it('tournament-goals: Messi 2 (CONFIRMED), not 3 (CONTRADICTED); as of the semi-final, the final\'s goals do not count', async () => {
    expect(await checkOf('messi-goals')).toMatchObject({ value: 2, values: [2, 0], verdict: 'CONFIRMED' });
    expect(await checkOf('messi-goals-overstated')).toMatchObject({ value: 2, verdict: 'CONTRADICTED' });
    expect(await checkOf('england-9-before-the-final')).toMatchObject({ value: 1, verdict: 'CONFIRMED', evidence: [{ id: `${SEMI_FINAL_2030}-goal-1` }] });
  });

  it('goals-as-substitute, world-cup-assists, knockout-matches-played-in-full over complete goals, assists and line-ups', async () => {
    expect(await checkOf('lautaro-off-the-bench')).toMatchObject({
      value: 1, verdict: 'CONFIRMED', coverage: [{ facts: 'goals', complete: true }, { facts: 'lineups', complete: true }],
    });
    expect(await checkOf('messi-assists')).toMatchObject({ value: 1, verdict: 'CONFIRMED', coverage: [{ facts: 'assists', complete: true }] });
    expect(await checkOf('messi-in-full')).toMatchObject({ value: 1, verdict: 'CONFIRMED', evidence: [{ id: SEMI_FINAL_2030 }] });
  });

  it('world-cup-goal-contributions and the goal-or-assist streak', async () => {
    expect(await checkOf('messi-contributions')).toMatchObject({ value: 3, values: [3, 2, 2, 1], verdict: 'CONFIRMED' });
    expect(await checkOf('messi-streak-after-the-group')).toMatchObject({ value: 1, verdict: 'CONFIRMED', evidence: [{ id: GROUP_MATCH }] });
  });

  it("a claim of several numbers says which one differs: Messi's 3 goals of 2030 against the graph's 2", async () => {
    const { data, errors } = await api.query(`{ claims { id check { verdict parts { label stated computed verdict } } } }`);
    expect(errors).toBeUndefined();
    expect(data!.claims.find((claim: any) => claim.id === 'claim-test-messi-contributions-misstated').check).toEqual({
      verdict: 'CONTRADICTED',
      parts: [
        { label: null, stated: 3, computed: 3, verdict: 'CONFIRMED' },
        { label: 'goal contributions', stated: 3, computed: 3, verdict: 'CONFIRMED' },
        { label: 'matches', stated: 2, computed: 2, verdict: 'CONFIRMED' },
        { label: 'goals', stated: 3, computed: 2, verdict: 'CONTRADICTED' },
        { label: 'assists', stated: 1, computed: 1, verdict: 'CONFIRMED' },
      ],
    });
  });

  it('world-cup-knockout-assists: england-10 set up 2 knockout goals, 1 more than anyone else', async () => {
    expect(await checkOf('england-10-knockout-assists')).toMatchObject({ value: 2, values: [2, 1], verdict: 'CONFIRMED' });
  });

  it('team metrics count over every World Cup of the graph, which the seeds hold only in part', async () => {
    // England: the 2030 final; semi-finals lost in 2026, won in 2030. Spain: the 2026 final (seeds), then 2030.
    expect(await checkOf('england-finals')).toMatchObject({ value: 1, verdict: 'PARTIAL_DATA', evidence: [{ id: FINAL_2030 }] });
    expect(await checkOf('england-semi-finals')).toMatchObject({ value: 1, values: [1, 2], verdict: 'PARTIAL_DATA' });
    const spain = await checkOf('spain-finals-in-a-row');
    expect(spain).toMatchObject({
      value: 2, verdict: 'PARTIAL_DATA', evidence: [{ id: 'wc-2026-men-final-argentina-v-spain' }, { id: FINAL_2030 }],
    });
    expect(spain.coverage[0].covered).toEqual([{ year: 2030 }]);
  });
});
