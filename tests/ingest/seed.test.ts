import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readDataVersion } from '../../src/graph/write/data-version';
import type { GraphClient } from '../../src/graph/driver/driver';
import { ENTITIES } from '../../src/graph/model/model';
import { seedDatabase } from '../../src/ingest/seeds/load';
import { SeedError } from '../../src/ingest/seeds/error';
import { resetDatabase, testGraph } from '../support/graph';

const SEEDS = path.resolve(__dirname, '..', '..', 'seeds');
const SEMI = 'wc-2026-men-semi-final-argentina-v-england';
const REPORT_000 = '000_10f36a323a73b675.txt';
const REPORT_003 = '003_64d3008cb0b61a72.txt';

let graph: GraphClient;

beforeAll(() => {
  graph = testGraph();
});
afterAll(async () => {
  await graph.close();
});

async function labelCounts(): Promise<Record<string, number>> {
  const rows = await graph.read<{ label: string; n: number }>(
    'MATCH (n) UNWIND labels(n) AS label RETURN label, count(*) AS n ORDER BY label',
  );
  return Object.fromEntries(rows.map((row) => [row.label, row.n]));
}

/** Every node and relationship with all its properties, in a stable order; not the data-version stamp, which every write replaces. */
async function snapshot(): Promise<unknown[]> {
  const nodes = await graph.read(
    'MATCH (n) WHERE NOT n:DataVersion RETURN n.id AS id, labels(n) AS labels, properties(n) AS props ORDER BY id',
  );
  const rels = await graph.read(
    `MATCH (a)-[r]->(b) RETURN a.id AS from, type(r) AS type, b.id AS to, properties(r) AS props
     ORDER BY from, type, to, coalesce(r.goalId, '')`,
  );
  return [...nodes, ...rels];
}

describe('seedDatabase', () => {
  beforeAll(async () => {
    await resetDatabase(graph);
    await seedDatabase(graph, SEEDS);
  });

  it('writes the expected number of nodes per label', async () => {
    // Assertions: the reports' versions of two stages and the final's location (6), the goal minute
    // and its wordings (4); openfootball's versions come with its own import.
    expect(await labelCounts()).toEqual({
      Assertion: 10,
      City: 2,
      Claim: 19,
      Coach: 2,
      DataVersion: 1,
      Entity: 147,
      Entry: 11,
      Goal: 3,
      Match: 8,
      Person: 35,
      Player: 32,
      Quote: 17,
      Source: 3,
      Stage: 8,
      Substitution: 10,
      Team: 10,
      Tournament: 9,
      Venue: 2,
    });
  });

  it('changes nothing when run a second time', async () => {
    const before = await snapshot();
    const version = await readDataVersion(graph);
    await seedDatabase(graph, SEEDS);
    expect(await snapshot()).toEqual(before);
    // Nothing was written, so answers cached for this version are still right.
    expect(await readDataVersion(graph)).toBe(version);
  });

  it('has the scorers, minutes and methods of the three goals', async () => {
    const goals = await graph.read(
      `MATCH (p:Player)-[:SCORED]->(g:Goal)-[:IN_MATCH]->(:Match {id: $match}), (g)-[:FOR_TEAM]->(t:Team)
       RETURN p.name AS scorer, t.id AS team, g.minute AS minute, g.addedTime AS addedTime, g.period AS period,
              g.method AS method
       ORDER BY g.sequence`,
      { match: SEMI },
    );
    expect(goals).toEqual([
      { scorer: 'Anthony Gordon', team: 'england-men', minute: 55, addedTime: null, period: 'second-half', method: null },
      { scorer: 'Enzo Fernández', team: 'argentina-men', minute: 85, addedTime: null, period: 'second-half', method: 'long-range' },
      { scorer: 'Lautaro Martínez', team: 'argentina-men', minute: 90, addedTime: 2, period: 'second-half', method: 'header' },
    ]);
  });

  it('links assists one hop from the assister to the scorer', async () => {
    const setUps = await graph.read(
      `MATCH (:Player {id: 'lionel-messi'})-[s:SET_UP {matchId: $match}]->(scorer:Player)
       RETURN scorer.name AS scorer, s.sources AS sources ORDER BY s.goalId`,
      { match: SEMI },
    );
    expect(setUps).toEqual([
      { scorer: 'Enzo Fernández', sources: [REPORT_000, REPORT_003] },
      { scorer: 'Lautaro Martínez', sources: [REPORT_000, REPORT_003] },
    ]);
    const [rogers] = await graph.read(
      `MATCH (a:Player)-[:ASSISTED]->(:Goal)<-[:SCORED]-(:Player {id: 'anthony-gordon'}) RETURN a.name AS name`,
    );
    expect(rogers).toEqual({ name: 'Morgan Rogers' });
  });

  it('has the substitutions with their minutes, stoppage time apart', async () => {
    const subs = await graph.read(
      `MATCH (s:Substitution)-[:IN_MATCH]->(:Match {id: $match}),
            (s)-[:PLAYER_ON]->(on), (s)-[:PLAYER_OFF]->(off), (s)-[:FOR_TEAM]->(t)
       WHERE on.id IN ['lautaro-martinez', 'ezri-konsa', 'ivan-toney', 'nicolas-gonzalez']
       RETURN on.name AS on, off.name AS off, t.id AS team, s.minute AS minute, s.addedTime AS addedTime
       ORDER BY s.minute, s.addedTime, on`,
      { match: SEMI },
    );
    expect(subs).toEqual([
      { on: 'Nicolás González', off: 'Leandro Paredes', team: 'argentina-men', minute: 64, addedTime: null },
      { on: 'Ezri Konsa', off: 'Anthony Gordon', team: 'england-men', minute: 72, addedTime: null },
      { on: 'Lautaro Martínez', off: 'Nicolás Tagliafico', team: 'argentina-men', minute: 81, addedTime: null },
      { on: 'Ivan Toney', off: 'John Stones', team: 'england-men', minute: 90, addedTime: 6 },
    ]);
    const [lautaro] = await graph.read(
      `MATCH (p:Player {id: 'lautaro-martinez'})-[r:PLAYED_IN]->(m:Match {id: $match})-[:IN_TOURNAMENT]->(t),
             (p)-[:IN_SQUAD]->(e:Entry)-[:IN_TOURNAMENT]->(t), (e)-[:FOR_TEAM]->(team)
       RETURN r.starter AS starter, r.minuteOn AS minuteOn, team.id AS team`,
      { match: SEMI },
    );
    expect(lautaro).toEqual({ starter: false, minuteOn: 81, team: 'argentina-men' });
  });

  it('has both coaches for this match and the venue in Atlanta', async () => {
    const coaches = await graph.read(
      `MATCH (c:Coach)-[:MANAGED]->(:Match {id: $match})-[:IN_TOURNAMENT]->(t), (c)-[:COACHED]->(e:Entry)-[:IN_TOURNAMENT]->(t),
             (e)-[:FOR_TEAM]->(team)
       RETURN c.name AS coach, team.id AS team ORDER BY coach`,
      { match: SEMI },
    );
    expect(coaches).toEqual([
      { coach: 'Lionel Scaloni', team: 'argentina-men' },
      { coach: 'Thomas Tuchel', team: 'england-men' },
    ]);
    const [venue] = await graph.read(
      `MATCH (m:Match {id: $match})-[:AT_VENUE]->(v:Venue)-[:IN_CITY]->(c:City)
       RETURN m.date AS date, m.kickoff AS kickoff, v.name AS venue, c.name AS city`,
      { match: SEMI },
    );
    expect(venue).toEqual({ date: '2026-07-15', kickoff: '15:00', venue: 'Mercedes-Benz Stadium', city: 'Atlanta' });
  });

  it("keeps both reports' versions of the final's location, each with its source", async () => {
    const versions = await graph.read(
      `MATCH (:Match {id: 'wc-2026-men-final-argentina-v-spain'})-[:HAS_ASSERTION]->(a:Assertion {field: 'city'})
             -[:SOURCED_FROM]->(s:Source)
       RETURN a.value AS value, a.preferred AS preferred, s.id AS source ORDER BY value`,
    );
    expect(versions).toEqual([
      { value: 'New Jersey', preferred: true, source: REPORT_003 },
      { value: 'New York', preferred: false, source: REPORT_000 },
    ]);
  });

  it("ranks the reports' stated stages like any dispute: the version of the report with precedence wins, the id's stage stays", async () => {
    const versions = await graph.read(
      `MATCH (m:Match)-[:HAS_ASSERTION]->(a:Assertion {field: 'stage'})-[:SOURCED_FROM]->(s:Source)
       RETURN m.id AS match, m.stage AS stage, a.value AS value, a.preferred AS preferred, s.id AS source, a.reason AS reason
       ORDER BY match, source`,
    );
    const reason = `preferred: the report first by declared precedence (${REPORT_003})`;
    expect(versions).toEqual([
      { match: 'wc-2026-men-quarter-final-argentina-v-switzerland', stage: 'quarter-final', value: 'round-of-16', preferred: false, source: REPORT_000, reason: `not ${reason}` },
      { match: 'wc-2026-men-quarter-final-argentina-v-switzerland', stage: 'quarter-final', value: 'quarter-final', preferred: true, source: REPORT_003, reason },
      { match: 'wc-2026-men-round-of-16-argentina-v-egypt', stage: 'round-of-16', value: 'quarter-final', preferred: false, source: REPORT_000, reason: `not ${reason}` },
      { match: 'wc-2026-men-round-of-16-argentina-v-egypt', stage: 'round-of-16', value: 'round-of-16', preferred: true, source: REPORT_003, reason },
    ]);
  });

  it('gives every node each relationship its declaration in model.ts requires, the way the declaration points', async () => {
    const missing: string[] = [];
    for (const entity of ENTITIES) {
      for (const r of entity.relationships.filter((relationship) => !relationship.optional)) {
        const edge = r.direction === 'out' ? `(n)-[:${r.type}]->(:${r.target})` : `(n)<-[:${r.type}]-(:${r.target})`;
        const [row] = await graph.read<{ total: number; without: number }>(
          `MATCH (n:${entity.label}) RETURN count(n) AS total, count(CASE WHEN NOT EXISTS { ${edge} } THEN 1 END) AS without`,
        );
        if (row.without > 0) missing.push(`${row.without} of ${row.total} ${entity.label} without ${r.type}`);
      }
    }
    expect(missing).toEqual([]);
    // Optional ones are written where the seeds name a target: the semi-final's venue, Messi's assists.
    const [optional] = await graph.read<{ venue: number; assisted: number }>(
      `RETURN COUNT { (:Match {id: $semi})-[r:AT_VENUE]->(:Venue) WHERE $report IN r.sources } AS venue,
              COUNT { (:Player {id: 'lionel-messi'})-[r:ASSISTED]->(:Goal) WHERE size(r.sources) > 0 } AS assisted`,
      { semi: SEMI, report: REPORT_000 },
    );
    expect(optional).toEqual({ venue: 1, assisted: 2 });
  });

  it('finds a person by any spelling through the normalised name keys', async () => {
    const rows = await graph.read(
      `MATCH (p:Person) WHERE $key IN p.nameKeys RETURN p.id AS id, p.aliases AS aliases`,
      { key: 'nico gonzalez' },
    );
    expect(rows).toEqual([{ id: 'nicolas-gonzalez', aliases: ['Nico Gonzalez', 'Nicolás González'] }]);
  });

  it('ties claims to their entities with typed numbers', async () => {
    const [claim] = await graph.read(
      `MATCH (c:Claim {id: 'claim-argentina-v-spain-record'})-[r:ABOUT]->(e)
       WITH c, r, e ORDER BY r.position
       WITH c, collect(e.id + ':' + r.role) AS about
       MATCH (c)-[:SOURCED_FROM]->(s:Source)
       RETURN c.values AS values, c.valueLabels AS labels, about, collect(s.id) AS sources`,
    );
    expect(claim).toMatchObject({ values: [6, 2, 6], labels: ['wins', 'draws', 'losses'], sources: [REPORT_003] });
    // In the seed's order, which the checks read comparisons by.
    expect(claim.about).toEqual([
      'argentina-men:subject', 'spain-men:opponent', 'wc-1966-men-group-stage-argentina-v-spain:only-competitive-meeting',
      'wc-2026-men-semi-final-argentina-v-england:as-of',
    ]);
  });
});

describe('seedDatabase with a broken seed file', () => {
  let dir: string;

  beforeEach(async () => {
    await resetDatabase(graph);
    dir = mkdtempSync(path.join(os.tmpdir(), 'seeds-'));
    cpSync(SEEDS, dir, { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function nodeCount(): Promise<number> {
    const [row] = await graph.read<{ n: number }>('MATCH (n) RETURN count(n) AS n');
    return row.n;
  }

  it('rejects a schema error with file, path, line and reason, and writes nothing', async () => {
    const file = path.join(dir, '60-semi-final-2026.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('minute: "90+2"', 'minute: "ninety-two"'));
    const error = await seedDatabase(graph, dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SeedError);
    expect((error as SeedError).issues).toEqual([
      {
        file,
        path: 'matches[0].goals[2].minute',
        line: expect.any(Number),
        reason: `expected a match minute such as 55, "96'" or "90+2" (1 to 120, plus up to 30 added)`,
      },
    ]);
    expect((error as Error).message).toContain(`${file}: matches[0].goals[2].minute: expected a match minute`);
    expect(await nodeCount()).toBe(0);
  });

  it('rejects an unknown reference in the last file, and writes none of the earlier files', async () => {
    const file = path.join(dir, '70-claims.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('{ id: lionel-messi, role: subject }', '{ id: leo-messi, role: subject }'));
    const error = await seedDatabase(graph, dir).catch((e: unknown) => e);
    expect((error as SeedError).issues[0]).toMatchObject({
      file,
      path: 'claims[0].about[0].id',
      reason: 'leo-messi is not declared in this file or an earlier one',
    });
    expect(await nodeCount()).toBe(0);
  });
});
