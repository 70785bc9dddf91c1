import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyBundle, type FactBundle } from '../../src/graph/model/bundle';
import { readDataVersion } from '../../src/graph/write/data-version';
import type { GraphClient, QueryEvent } from '../../src/graph/driver/driver';
import { dumpDifference, dumpGraph } from '../../src/graph/read/graph-dump';
import { ingestBundle } from '../../src/ingest/pipeline';
import { planCacheKey } from '../../src/graph/driver/plan-cache';
import { graphShape, resetDatabase, testGraph } from '../support/graph';

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

/** The final of `finalBundle` with everything else a data set writes: an assist, a venue, squads, line-ups, a coach, an award. */
function fullFinalBundle(minutesOfMessi: number): FactBundle {
  const sources = ['report-a'];
  const bundle = finalBundle(sources, 'julian-alvarez', 36);
  bundle.goals[0]!.assistId = 'lionel-messi';
  bundle.cities.push({ id: 'new-jersey-usa', name: 'New Jersey', country: 'USA', aliases: [], sources });
  bundle.venues.push({ id: 'metlife-stadium', name: 'MetLife Stadium', cityId: 'new-jersey-usa', capacity: 82500, aliases: [], sources });
  bundle.matches[0]!.venueId = 'metlife-stadium';
  bundle.people.push({ id: 'lionel-scaloni', name: 'Lionel Scaloni', roles: ['Coach'], aliases: [], sources });
  for (const playerId of ['lionel-messi', 'julian-alvarez']) {
    bundle.squads.push({ playerId, teamId: 'argentina-men', tournamentId: 'wc-2026-men', shirtNumber: playerId === 'lionel-messi' ? 10 : 9, sources });
    bundle.appearances.push({
      matchId: MATCH, playerId, teamId: 'argentina-men', starter: true, minuteOn: 0,
      minutes: playerId === 'lionel-messi' ? minutesOfMessi : 90, sources,
    });
  }
  bundle.coachings.push({ coachId: 'lionel-scaloni', teamId: 'argentina-men', matchId: MATCH, sources });
  bundle.awards.push({ playerId: 'lionel-messi', tournamentId: 'wc-2026-men', award: 'Golden Ball', teamId: 'argentina-men', shared: false, sources });
  return bundle;
}

describe('the writer diffing before it writes', () => {
  let graph: GraphClient;

  beforeAll(async () => {
    graph = testGraph();
    await resetDatabase(graph);
  });
  afterAll(() => graph.close());

  /** Ingests `bundle`, returning its statements. */
  async function ingestedStatements(bundle: FactBundle): Promise<QueryEvent[]> {
    const events: QueryEvent[] = [];
    await ingest(graph.observe((event) => events.push(event)), bundle);
    return events;
  }

  /** Ingests `bundle`, returning the write statements that carried rows, with their row counts. */
  async function writtenRows(bundle: FactBundle): Promise<Array<{ statement: string; rows: number }>> {
    const rowsOf = (event: QueryEvent) => (event.params.rows as { items?: unknown[] } | undefined)?.items;
    return (await ingestedStatements(bundle))
      .filter((event) => event.mode === 'write' && Array.isArray(rowsOf(event)))
      .map((event) => ({ statement: event.cypher.replace(/\s+/g, ' '), rows: rowsOf(event)!.length }));
  }

  it('sends no row and keeps the data version when the bundle changes nothing', async () => {
    expect((await writtenRows(fullFinalBundle(90))).length).toBeGreaterThan(10);
    const version = await readDataVersion(graph);
    const shape = await graphShape(graph);

    expect(await writtenRows(fullFinalBundle(90))).toEqual([]);
    expect(await readDataVersion(graph)).toBe(version);
    expect(await graphShape(graph)).toEqual(shape);
  });

  it('sends only the changed row, and bumps the data version', async () => {
    const version = await readDataVersion(graph);
    const written = await writtenRows(fullFinalBundle(75));
    expect(written).toEqual([{ statement: expect.stringMatching(/MERGE \(\w+\)-\[r:PLAYED_IN\]->/), rows: 1 }]);
    expect(await readDataVersion(graph)).not.toBe(version);
    const [messi] = await graph.read(`MATCH (:Player {id: 'lionel-messi'})-[r:PLAYED_IN]->(:Match {id: $id}) RETURN r.minutes AS minutes`, { id: MATCH });
    expect(messi).toEqual({ minutes: 75 });
  });

  it('writes every row another source adds to, whatever the first import holds', async () => {
    const bundle = fullFinalBundle(75);
    const rowsOf = (b: FactBundle) => Object.values(b).reduce((sum, records) => sum + records.length, 0);
    for (const records of Object.values(bundle) as Array<Array<{ sources: string[] }>>) {
      for (const record of records) if (!REPORTS.includes((record as { id?: string }).id ?? '')) record.sources = ['report-b'];
    }
    const written = await writtenRows(bundle);
    // Every record but the three Source nodes (unchanged) now cites report-b too.
    expect(written.reduce((sum, statement) => sum + statement.rows, 0)).toBe(rowsOf(bundle) - REPORTS.length);
    const [setUp] = await graph.read(`MATCH (:Player {id: 'lionel-messi'})-[s:SET_UP]->(:Player {id: 'julian-alvarez'}) RETURN s.sources AS sources`);
    expect(setUp).toEqual({ sources: ['report-a', 'report-b'] });
    expect(await writtenRows(bundle)).toEqual([]);
  });

  it('sends every statement with one plan whatever the number of its rows (no list parameter has a size bucket)', async () => {
    const events = await ingestedStatements(fullFinalBundle(60));
    const withIds = events.filter((event) => /UNWIND \$\w+\.items/.test(event.cypher));
    expect(withIds.length).toBeGreaterThan(5);
    for (const event of events) expect(planCacheKey(event.cypher, event.params)).toBe(event.cypher);
  });

  it('fails the whole write when a statement fails midway, statements sent ahead included, and leaves the graph as it was', async () => {
    await resetDatabase(graph);
    const bundle = fullFinalBundle(90);
    // A list of mixed types is no property value: Neo4j rejects the second appearance, the award's statement already sent.
    bundle.appearances[1]!.minutes = [90, 'ninety'] as never;
    const shape = await graphShape(graph);
    const statements: string[] = [];
    const write = ingestBundle(graph.observe((event) => statements.push(event.cypher)), bundle, {
      statementSources: (sources) => [...sources],
      batchSize: 1,
    });

    await expect(write).rejects.toThrow(/Neo4j only supports a subset of Cypher types for storage/);
    expect(statements.filter((cypher) => cypher.includes('WON_AWARD')).length).toBe(1);
    expect(await graphShape(graph)).toEqual(shape);
  });
});

/** The final as one source tells it from its home side: teams and scores, no goals. */
function sidedFinal(source: string, home: [string, number], away: [string, number]): FactBundle {
  const bundle = finalBundle([source], 'lionel-messi', 36);
  bundle.sources.push({ id: 'fjelstul-worldcup', title: 'Fjelstul', kind: 'dataset' });
  bundle.goals = [];
  Object.assign(bundle.matches[0]!, { homeTeamId: home[0], homeScore: home[1], awayTeamId: away[0], awayScore: away[1] });
  return bundle;
}

// Two reports give Spain as the home side and disagree on Argentina's score; the better-ranked data set gives Argentina.
const SIDED = {
  reportA: sidedFinal('report-a', ['spain-men', 1], ['argentina-men', 2]),
  reportB: sidedFinal('report-b', ['spain-men', 1], ['argentina-men', 3]),
  dataSet: sidedFinal('fjelstul-worldcup', ['argentina-men', 2], ['spain-men', 1]),
};

describe('a match the sources list the other way round', () => {
  let graph: GraphClient;

  beforeAll(() => {
    graph = testGraph();
  });
  afterAll(() => graph.close());

  async function loaded(order: Array<keyof typeof SIDED>): Promise<string[]> {
    await resetDatabase(graph);
    for (const name of order) await ingest(graph, structuredClone(SIDED[name]));
    return dumpGraph(graph);
  }

  it("takes the best-ranked source's home side, its disputed scores and their Assertions turned with it, in any order", async () => {
    const reference = await loaded(['dataSet', 'reportA', 'reportB']);
    const match = await graph.read<{ home: string; homeScore: number; awayScore: number; statedBy: string[]; assertions: string[] }>(
      `MATCH (m:Match {id: $id})-[:HOME_TEAM]->(home)
       RETURN home.id AS home, m.homeScore AS homeScore, m.awayScore AS awayScore, m.statedBy AS statedBy,
              COLLECT { MATCH (m)-[:HAS_ASSERTION]->(a) RETURN a.id + '=' + a.value + CASE WHEN a.preferred THEN '*' ELSE '' END ORDER BY a.id } AS assertions`,
      { id: MATCH },
    );
    expect(match).toEqual([{
      home: 'argentina-men', homeScore: 2, awayScore: 1,
      statedBy: ['awayScore@fjelstul-worldcup', 'awayScore@report-a', 'awayScore@report-b', 'homeScore@fjelstul-worldcup', 'homeScore@report-a', 'homeScore@report-b',
        'stage@fjelstul-worldcup', 'stage@report-a', 'stage@report-b'],
      assertions: [`${MATCH}#homeScore@fjelstul-worldcup=2*`, `${MATCH}#homeScore@report-a=2*`, `${MATCH}#homeScore@report-b=3`],
    }]);
    for (const order of [['reportA', 'reportB', 'dataSet'], ['reportB', 'dataSet', 'reportA']] as Array<Array<keyof typeof SIDED>>) {
      expect(dumpDifference(await loaded(order), reference)).toEqual({ onlyFirst: [], onlySecond: [] });
    }
    // Loaded again, the data set finds the graph in its orientation and changes nothing.
    const again = await ingest(graph, structuredClone(SIDED.dataSet));
    expect(Object.entries(again.written).filter(([, rows]) => rows > 0)).toEqual([]);
  });
});
