import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import path from 'node:path';
import type * as Jose from 'jose' with { 'resolution-mode': 'import' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDataVersion } from '../../src/graph/write/data-version';
import type { GraphClient } from '../../src/graph/driver/driver';
import { dumpDifference, dumpGraph } from '../../src/graph/read/graph-dump';
import { createApiToken, listApiTokens, revokeApiToken } from '../../src/graph/write/api-tokens';
import { GraphEditor } from '../../src/ingest/editing/graph-editor';
import { importDataSet } from '../../src/ingest/history-import';
import type { EditSession } from '../../src/schema/editing/edit-session';
import { Authenticator } from '../../src/server/auth';
import { DataVersionWatch } from '../../src/server/data-version-watch';
import { editSessions } from '../../src/server/edit-session';
import { MemoryIdempotencyStore } from '../../src/server/idempotency-store';
import { ResponseCache } from '../../src/server/response-cache';
import { seededTestGraph } from '../support/graph';
import { startTestGraphQLServer, type GraphQLBody, type TestGraphQLServer } from '../support/graphql-server';
import { closeServer, listenOnFreePort } from '../support/http';

const SEMI_FINAL = 'wc-2026-men-semi-final-argentina-v-england';
const GOAL = `${SEMI_FINAL}-goal-1`;
const WRITE_RESULT = 'dataVersion dryRun sourceId changes { entityId entity { id } field before after }';
const ASSERT = `mutation ($input: AssertFactInput!, $dryRun: Boolean) { assertFact(input: $input, dryRun: $dryRun) { ${WRITE_RESULT} } }`;
const RETRACT = `mutation ($id: ID!) { retractSource(id: $id) { ${WRITE_RESULT} } }`;
const REPORT = `mutation ($input: MatchReportInput!, $dryRun: Boolean) { recordMatchReport(input: $input, dryRun: $dryRun) { ${WRITE_RESULT} } }`;
/** A write's changes without the entities they link to, which a dry run's new entities never are. */
const withoutEntity = (changes: Array<{ entity: unknown }>) => changes.map(({ entity: _entity, ...change }) => change);
const GOAL_FACTS = `{ node(id: "${GOAL}") { ... on Goal { minute addedTime disputes { field preferred versions { value preferred sources { id } } } } } }`;

interface Reply {
  status: number;
  headers: Headers;
  body: GraphQLBody;
}

describe('editing the graph through the API', () => {
  let graph: GraphClient;
  let server: TestGraphQLServer;
  let jwks: Server;
  let jwksUrl: string;
  let signer: Jose.CryptoKey;
  let jose: typeof Jose;
  let watch: DataVersionWatch;
  const tokens: Record<string, string> = {};

  const post = async (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<Reply> => {
    const res = await fetch(`${server.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as GraphQLBody };
  };
  const as = (who: string, more: Record<string, string> = {}) => ({ authorization: `Bearer ${tokens[who]}`, ...more });
  const correction = (value: string, source: Record<string, unknown> = { id: 'correction-broadcast', title: 'Broadcast replay' }) => ({
    input: { entity: GOAL, field: 'minute', value, source },
  });
  const editRecords = async () => (await graph.read<{ n: number }>('MATCH (r:EditRecord) RETURN count(r) AS n'))[0]!.n;

  beforeAll(async () => {
    graph = await seededTestGraph();
    // Matches of other competitions than the World Cup, friendlies among them, as the international results give them.
    await importDataSet(graph, 'international-results', path.join(__dirname, '..', 'fixtures', 'international-results'), { force: true });
    for (const [name, role] of [['alice', 'editor'], ['bob', 'editor'], ['root', 'admin'], ['gone', 'editor']] as const) {
      tokens[name] = await createApiToken(graph, name, role);
    }
    expect(await revokeApiToken(graph, 'gone')).toBe(true);
    // A local identity provider: its JWKS served over loopback, as KG_JWKS_URL would name it.
    jose = await import('jose');
    const { publicKey, privateKey } = await jose.generateKeyPair('ES256');
    signer = privateKey;
    const jwk = { ...(await jose.exportJWK(publicKey)), kid: 'test', alg: 'ES256' };
    jwks = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })));
    jwksUrl = `${await listenOnFreePort(jwks)}/jwks.json`;
    watch = new DataVersionWatch(graph, 60_000);
    await watch.refresh();
    const sessions = editSessions({
      editor: new GraphEditor(graph),
      authenticator: new Authenticator(graph, { jwksUrl, roleClaim: 'roles' }),
      idempotency: new MemoryIdempotencyStore(),
      writesPerMinute: 1_000,
      graph,
      onWritten: () => watch.refresh(),
    });
    server = await startTestGraphQLServer(graph, {
      editing: sessions,
      // A write's first statements are planned by a cold Neo4j; the entities of its changes are read after it.
      requestTimeoutMs: 30_000,
      route: { responseCache: new ResponseCache({ maxEntries: 100, maxBytes: 1 << 20 }), dataVersion: { source: watch, maxWaitMs: 2_000 } },
    });
    // The first reads of a freshly seeded Neo4j are planned cold; on a busy machine its health probe
    // may then count it down for a moment (503): wait until it answers, as a client after readiness.
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      if ((await post(GOAL_FACTS, {}, { 'cache-control': 'no-cache' })).status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    if (jwks) await closeServer(jwks);
    await graph?.close();
  });

  it('lists tokens by name and role, with no secret or hash', async () => {
    const listed = await listApiTokens(graph);
    expect(listed.map(({ name, role, revoked }) => [name, role, revoked])).toEqual([
      ['alice', 'editor', false], ['bob', 'editor', false], ['gone', 'editor', true], ['root', 'admin', false],
    ]);
    expect(JSON.stringify(listed)).not.toMatch(/hash|kg_/);
    const [stored] = await graph.read<{ hash: string }>('MATCH (t:ApiToken {name: "alice"}) RETURN t.hash AS hash');
    expect(stored!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens.alice).not.toContain(stored!.hash);
  });

  it('dry-runs, applies, audits and retracts a correction of a goal minute', async () => {
    const before = await dumpGraph(graph);
    const version = await readDataVersion(graph);
    const cached = await post(GOAL_FACTS);
    const minuteVersions = (goal: { disputes: Array<{ field: string; versions: Array<{ value: string; preferred: boolean; sources: unknown[] }> }> }) =>
      goal.disputes.find((d) => d.field === 'minute')!.versions.map((v) => [v.value, v.preferred, v.sources.length]);
    // The two reports' minute is on file as a version already (the seeds keep their wording beside it).
    expect(cached.body.errors).toBeUndefined();
    expect(cached.body.data!.node.minute).toBe(55);
    expect(minuteVersions(cached.body.data!.node)).toEqual([['55', true, 2]]);
    const etag = cached.headers.get('etag')!;
    expect(etag).toBeTruthy();

    const dry = await post(ASSERT, { ...correction('57'), dryRun: true }, as('alice'));
    expect(dry.body.errors).toBeUndefined();
    const dryResult = dry.body.data!.assertFact;
    expect(dryResult).toMatchObject({ dryRun: true, sourceId: 'correction-broadcast', dataVersion: version });
    // One more version of the minute, not preferred; the goal's own minute does not move.
    expect(dryResult.changes).toEqual([{ entityId: GOAL, entity: { id: GOAL }, field: 'minute@correction-broadcast', before: null, after: '57' }]);
    expect(dumpDifference(before, await dumpGraph(graph))).toEqual({ onlyFirst: [], onlySecond: [] });
    expect(await editRecords()).toBe(0);

    const applied = await post(ASSERT, correction('57'), as('alice'));
    expect(applied.body.errors).toBeUndefined();
    const result = applied.body.data!.assertFact;
    expect(result.dryRun).toBe(false);
    expect(result.dataVersion).not.toBe(version);
    expect(result.changes).toEqual(dryResult.changes);
    expect(result.changes.find((change: { field: string }) => change.field === 'minute@correction-broadcast').entity).toEqual({ id: GOAL });

    // The preferred minute stands; both versions are queryable; the cache and its ETag moved on.
    const now = await post(GOAL_FACTS, {}, { 'if-none-match': etag });
    expect(now.status).toBe(200);
    expect(now.headers.get('etag')).not.toBe(etag);
    const goal = now.body.data!.node;
    expect(goal.minute).toBe(55);
    expect(goal.disputes.find((d: { field: string }) => d.field === 'minute').preferred).toBe('55');
    expect(minuteVersions(goal)).toEqual([['55', true, 2], ['57', false, 1]]);

    const log = await post('{ changes(first: 5, by: "alice") { count nodes { by operation sourceId retracted dataVersion changes { field after } } } }');
    expect(log.body.errors).toBeUndefined();
    expect(log.body.data!.changes.nodes[0]).toMatchObject({ by: 'alice', operation: 'assertFact', sourceId: 'correction-broadcast', retracted: false, dataVersion: result.dataVersion });
    expect(log.body.data!.changes.nodes[0].changes).toContainEqual({ field: 'minute@correction-broadcast', after: '57' });

    const retracted = await post(RETRACT, { id: 'correction-broadcast' }, as('alice'));
    expect(retracted.body.errors).toBeUndefined();
    expect(retracted.body.data!.retractSource.changes).toContainEqual(expect.objectContaining({ entityId: GOAL, field: 'minute@correction-broadcast', before: '57', after: null }));
    expect(dumpDifference(before, await dumpGraph(graph))).toEqual({ onlyFirst: [], onlySecond: [] });
    const again = await post(RETRACT, { id: 'correction-broadcast' }, as('alice'));
    expect(again.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'id' });
    const trail = await post('{ changes(first: 1) { nodes { operation by } } }');
    expect(trail.body.data!.changes.nodes).toEqual([{ operation: 'retractSource', by: 'alice' }]);
    expect((await post(GOAL_FACTS)).body.data!.node).toEqual(cached.body.data!.node);
  }, 60_000);

  it('refuses writes without a valid token, of the wrong role, or with bad input, writing nothing', async () => {
    const before = await dumpGraph(graph);
    const records = await editRecords();
    const viewerJwt = await new jose.SignJWT({ roles: ['viewer'] }).setProtectedHeader({ alg: 'ES256', kid: 'test' }).setSubject('vera').setExpirationTime('5m').sign(signer);
    const refusals: Array<[string, Reply, number, string, string?]> = [
      ['no token', await post(ASSERT, correction('57')), 401, 'UNAUTHENTICATED'],
      ['revoked token', await post(ASSERT, correction('57'), as('gone')), 401, 'UNAUTHENTICATED'],
      ['forged token', await post(ASSERT, correction('57'), { authorization: `Bearer ${tokens.alice!.slice(0, -2)}xx` }), 401, 'UNAUTHENTICATED'],
      ['a role that may not write', await post(ASSERT, correction('57'), { authorization: `Bearer ${viewerJwt}` }), 403, 'FORBIDDEN'],
      ['unknown entity', await post(ASSERT, { input: { ...correction('57').input, entity: 'no-such-goal' } }, as('alice')), 200, 'BAD_USER_INPUT', 'input.entity'],
      ['unknown field', await post(ASSERT, { input: { ...correction('57').input, field: 'colour' } }, as('alice')), 200, 'BAD_USER_INPUT', 'input.field'],
      ['value of the wrong type', await post(ASSERT, correction('fifty-seven'), as('alice')), 200, 'BAD_USER_INPUT', 'input.value'],
      ['over-long value', await post(ASSERT, correction('5'.repeat(300)), as('alice')), 200, 'BAD_USER_INPUT', 'input.value'],
      ['a seed source', await post(ASSERT, correction('57', { id: 'openfootball-worldcup', title: 'x' }), as('alice')), 200, 'BAD_USER_INPUT', 'input.source.id'],
      ['a source that is not the API\'s', await post(RETRACT, { id: 'openfootball-worldcup' }, as('root')), 200, 'BAD_USER_INPUT', 'id'],
    ];
    for (const [why, reply, status, code, argumentName] of refusals) {
      expect([why, reply.status, reply.body.errors?.[0]?.extensions?.code]).toEqual([why, status, code]);
      if (argumentName) expect([why, reply.body.errors![0]!.extensions!.argumentName]).toEqual([why, argumentName]);
      expect(reply.body.data?.assertFact ?? reply.body.data?.retractSource ?? null).toBeNull();
    }
    expect(dumpDifference(before, await dumpGraph(graph))).toEqual({ onlyFirst: [], onlySecond: [] });
    expect(await editRecords()).toBe(records);
  }, 60_000);

  it("lets an editor retract only the sources they made; an admin any the API made", async () => {
    const before = await dumpGraph(graph);
    const made = await post(ASSERT, correction('58', { id: 'bobs-notes', title: "Bob's notes" }), as('bob'));
    expect(made.body.errors).toBeUndefined();
    const refused = await post(RETRACT, { id: 'bobs-notes' }, as('alice'));
    expect([refused.status, refused.body.errors?.[0]?.extensions?.code]).toEqual([403, 'FORBIDDEN']);
    const reused = await post(ASSERT, correction('59', { id: 'bobs-notes', title: "Bob's notes" }), as('alice'));
    expect([reused.status, reused.body.errors?.[0]?.extensions?.code]).toEqual([403, 'FORBIDDEN']);
    expect((await post(RETRACT, { id: 'bobs-notes' }, as('root'))).body.errors).toBeUndefined();
    expect(dumpDifference(before, await dumpGraph(graph))).toEqual({ onlyFirst: [], onlySecond: [] });
  }, 60_000);

  it('applies a write retried with the same Idempotency-Key once, and refuses the key for another write', async () => {
    const records = await editRecords();
    const key = { 'idempotency-key': 'retry-1' };
    const [first, second] = [await post(ASSERT, correction('60', { id: 'retried', title: 'Retried' }), as('alice', key)), await post(ASSERT, correction('60', { id: 'retried', title: 'Retried' }), as('alice', key))];
    expect(second.body).toEqual(first.body);
    expect(await editRecords()).toBe(records + 1);
    // Without a key the same write is made again (and audited again): mutations are never answered from the cache.
    const trail = await post('{ changes(first: 1) { nodes { id } } }');
    await post(ASSERT, correction('60', { id: 'retried', title: 'Retried' }), as('alice'));
    expect(await editRecords()).toBe(records + 2);
    expect((await post('{ changes(first: 1) { nodes { id } } }')).body.data!.changes.nodes).not.toEqual(trail.body.data!.changes.nodes);
    const other = await post(ASSERT, correction('61', { id: 'retried', title: 'Retried' }), as('alice', key));
    expect(other.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'Idempotency-Key' });
    expect((await post(RETRACT, { id: 'retried' }, as('alice'))).body.errors).toBeUndefined();
  }, 60_000);

  it('takes mutations only as JSON POSTs', async () => {
    const mutation = encodeURIComponent('mutation { retractSource(id: "x") { dataVersion } }');
    // Refused by the CSRF prevention, and with its preflight header by the rule that mutations are POSTs.
    expect((await fetch(`${server.base}/graphql?query=${mutation}`, { headers: as('root') })).status).toBe(400);
    expect((await fetch(`${server.base}/graphql?query=${mutation}`, { headers: as('root', { 'apollo-require-preflight': '1' }) })).status).toBe(405);
    const form = await fetch(`${server.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', ...as('root') },
      body: JSON.stringify({ query: `mutation { retractSource(id: "x") { dataVersion } }` }),
    });
    expect(form.status).toBe(400);
  });

  it('accepts a JWT signed by the configured identity provider with an editor role', async () => {
    const jwt = await new jose.SignJWT({ roles: ['editor'] }).setProtectedHeader({ alg: 'ES256', kid: 'test' }).setSubject('jo').setExpirationTime('5m').sign(signer);
    const reply = await post(ASSERT, { ...correction('57', { title: 'JWT check' }), dryRun: true }, { authorization: `Bearer ${jwt}` });
    expect(reply.body.errors).toBeUndefined();
    expect(reply.body.data!.assertFact.dryRun).toBe(true);
    const expired = await new jose.SignJWT({ roles: ['editor'] }).setProtectedHeader({ alg: 'ES256', kid: 'test' }).setExpirationTime(Math.floor(Date.now() / 1000) - 60).sign(signer);
    expect((await post(ASSERT, correction('57'), { authorization: `Bearer ${expired}` })).status).toBe(401);
  });

  it('records a match report for a new match: the match, its goals and appearances, all citing the report', async () => {
    const before = await dumpGraph(graph);
    const input = {
      match: { homeTeam: 'brazil-men', awayTeam: 'germany-men', date: '2026-06-20', tournament: 'wc-2026-men', stage: 'group-stage' },
      homeScore: 2, awayScore: 1,
      lineups: [
        { team: 'brazil-men', starters: ['Alisson', 'Marquinhos', 'Vinicius Junior'], substitutions: [{ minute: '70', on: 'Endrick', off: 'Vinicius Junior' }] },
        { team: 'germany-men', starters: ['Marc-Andre ter Stegen', 'Joshua Kimmich', 'Florian Wirtz'] },
      ],
      goals: [
        { team: 'brazil-men', minute: '12', scorer: 'Vinicius Junior', assist: 'Marquinhos' },
        { team: 'germany-men', minute: '50', scorer: 'Florian Wirtz', penalty: true },
        { team: 'brazil-men', minute: '90+3', scorer: 'Endrick' },
      ],
      cards: [{ team: 'germany-men', player: 'Joshua Kimmich', minute: '33', card: 'yellow' }],
      source: { id: 'report-bra-ger', title: 'Brazil 2-1 Germany, match report', url: 'https://example.org/bra-ger' },
    };
    const dry = await post(REPORT, { input, dryRun: true }, as('alice'));
    expect(dry.body.errors).toBeUndefined();
    expect(dumpDifference(before, await dumpGraph(graph))).toEqual({ onlyFirst: [], onlySecond: [] });

    const reply = await post(REPORT, { input }, as('alice'));
    expect(reply.body.errors).toBeUndefined();
    const matchId = 'wc-2026-men-group-stage-brazil-v-germany';
    // The dry run names the same changes.
    expect(withoutEntity(reply.body.data!.recordMatchReport.changes)).toEqual(withoutEntity(dry.body.data!.recordMatchReport.changes));
    const match = (await post(`{ match(id: "${matchId}") { homeScore awayScore sources { id } homeTeam { id }
      goals { minute addedTime penalty scorer { name } sources { id } } appearances { started minuteOn minuteOff } } }`)).body.data!.match;
    expect(match).toMatchObject({ homeScore: 2, awayScore: 1, sources: [{ id: 'report-bra-ger' }], homeTeam: { id: 'brazil-men' } });
    expect(match.goals.map((g: { minute: number; addedTime: number | null; penalty: boolean; scorer: { name: string } }) => [g.minute, g.addedTime, g.penalty, g.scorer.name]))
      // The report's "Vinicius Junior" of Brazil is the results list's scorer of Brazil's 2022 World Cup goal, spelt as the list does.
      .toEqual([[12, null, false, 'Vinícius Júnior'], [50, null, true, 'Florian Wirtz'], [90, 3, false, 'Endrick']]);
    expect(match.goals.every((g: { sources: Array<{ id: string }> }) => g.sources.some((s) => s.id === 'report-bra-ger'))).toBe(true);
    expect(match.appearances).toHaveLength(7);
    const cited = await graph.read<{ sources: string[] }>('MATCH (:Person)-[r:PLAYED_IN]->(:Match {id: $matchId}) RETURN r.sources AS sources', { matchId });
    expect(cited.map((row) => row.sources)).toEqual(Array(7).fill(['report-bra-ger']));

    // A second report ties another match to the entry the first one made: the first cannot go alone.
    const second = await post(REPORT, {
      input: {
        match: { homeTeam: 'brazil-men', awayTeam: 'italy-men', date: '2026-06-25', tournament: 'wc-2026-men', stage: 'group-stage' },
        homeScore: 0, awayScore: 0, source: { id: 'report-bra-ita', title: 'Brazil 0-0 Italy' },
      },
    }, as('alice'));
    expect(second.body.errors).toBeUndefined();
    const conflict = await post(RETRACT, { id: 'report-bra-ger' }, as('alice'));
    expect([conflict.status, conflict.body.errors?.[0]?.extensions?.code]).toEqual([409, 'EDIT_CONFLICT']);
    expect(conflict.body.errors![0]!.message).toContain('wc-2026-men-brazil-men');
    expect((await post(RETRACT, { id: 'report-bra-ita' }, as('alice'))).body.errors).toBeUndefined();
    expect((await post(RETRACT, { id: 'report-bra-ger' }, as('alice'))).body.errors).toBeUndefined();
    expect(dumpDifference(before, await dumpGraph(graph))).toEqual({ onlyFirst: [], onlySecond: [] });
  }, 60_000);

  it('records a report of a new friendly: its match, goals and appearances cite it, headToHead counts it in all matches, and retracting removes it', async () => {
    const headToHead = async (scope: string) => {
      const reply = await post(`{ headToHead(teamA: "Argentina", teamB: "England", scope: ${scope}) { played winsA draws winsB meetings { id } } }`);
      expect(reply.body.errors).toBeUndefined();
      return reply.body.data!.headToHead;
    };
    const before = await dumpGraph(graph);
    const [allBefore, worldCupBefore] = [await headToHead('ALL_MATCHES'), await headToHead('WORLD_CUP')];
    const matchId = '2025-03-25-argentina-v-england';
    expect(allBefore.meetings.map((m: { id: string }) => m.id)).not.toContain(matchId);
    const input = {
      match: { homeTeam: 'argentina-men', awayTeam: 'england-men', date: '2025-03-25', competition: 'Friendly', city: 'Buenos Aires' },
      homeScore: 2, awayScore: 1,
      lineups: [
        { team: 'argentina-men', starters: ['Emiliano Martinez', 'Julian Alvarez', 'Lionel Messi'], substitutions: [{ minute: '75', on: 'Lautaro Martinez', off: 'Julian Alvarez' }] },
        { team: 'england-men', starters: ['Jordan Pickford', 'Jude Bellingham', 'Harry Kane'] },
      ],
      goals: [
        { team: 'argentina-men', minute: '23', scorer: 'Lionel Messi', assist: 'Julian Alvarez' },
        { team: 'england-men', minute: '61', scorer: 'Harry Kane', assist: 'Jude Bellingham' },
        { team: 'argentina-men', minute: '90+2', scorer: 'Lautaro Martinez', assist: 'Lionel Messi' },
      ],
      source: { id: 'report-arg-eng-friendly', title: 'Argentina 2-1 England, friendly', url: 'https://example.org/arg-eng' },
    };
    const dry = await post(REPORT, { input, dryRun: true }, as('alice'));
    expect(dry.body.errors).toBeUndefined();
    expect(dry.body.data!.recordMatchReport.changes).toContainEqual(expect.objectContaining({ entityId: matchId, entity: null, field: 'competition', after: 'Friendly' }));
    expect(dumpDifference(before, await dumpGraph(graph))).toEqual({ onlyFirst: [], onlySecond: [] });
    expect((await headToHead('ALL_MATCHES')).played).toBe(allBefore.played);

    const reply = await post(REPORT, { input }, as('alice'));
    expect(reply.body.errors).toBeUndefined();
    expect(withoutEntity(reply.body.data!.recordMatchReport.changes)).toEqual(withoutEntity(dry.body.data!.recordMatchReport.changes));
    const match = (await post(`{ match(id: "${matchId}") { date competition homeScore awayScore tournament { id } winner { id } homeTeam { id } awayTeam { id } sources { id }
      goals { minute addedTime scorer { id } assistedBy { id } team { id } sources { id } }
      appearances { player { id } team { id } started minuteOn minuteOff sources { id } } } }`)).body.data!.match;
    expect(match).toMatchObject({
      date: '2025-03-25', competition: 'Friendly', homeScore: 2, awayScore: 1, tournament: null, winner: { id: 'argentina-men' },
      homeTeam: { id: 'argentina-men' }, awayTeam: { id: 'england-men' }, sources: [{ id: 'report-arg-eng-friendly' }],
    });
    expect(match.goals.map((g: { minute: number; addedTime: number | null; scorer: { id: string }; assistedBy: { id: string } | null; team: { id: string } }) =>
      [g.minute, g.addedTime, g.scorer.id, g.assistedBy?.id, g.team.id])).toEqual([
      [23, null, 'lionel-messi', 'julian-alvarez', 'argentina-men'],
      [61, null, 'harry-kane', 'jude-bellingham', 'england-men'],
      [90, 2, 'lautaro-martinez', 'lionel-messi', 'argentina-men'],
    ]);
    const cited = [{ id: 'report-arg-eng-friendly' }];
    expect(match.goals.map((g: { sources: Array<{ id: string }> }) => g.sources)).toEqual(Array(3).fill(cited));
    // No tournament, so no entry: each appearance keeps the side the report gives it.
    expect(match.appearances.map((a: { player: { id: string }; team: { id: string }; started: boolean; minuteOn: number; minuteOff: number | null; sources: unknown[] }) =>
      [a.team.id, a.player.id, a.started, a.minuteOn, a.minuteOff, a.sources])).toEqual([
      ['argentina-men', 'emiliano-martinez', true, 0, null, cited],
      ['argentina-men', 'julian-alvarez', true, 0, 75, cited],
      ['argentina-men', 'lionel-messi', true, 0, null, cited],
      ['argentina-men', 'lautaro-martinez', false, 75, null, cited],
      ['england-men', 'harry-kane', true, 0, null, cited],
      ['england-men', 'jordan-pickford', true, 0, null, cited],
      ['england-men', 'jude-bellingham', true, 0, null, cited],
    ]);
    const [stored] = await graph.read<{ city: string; statedBy: string[] }>('MATCH (m:Match {id: $matchId}) RETURN m.city AS city, m.statedBy AS statedBy', { matchId });
    expect(stored!.city).toBe('Buenos Aires');
    expect(stored!.statedBy).toEqual(expect.arrayContaining(['competition@report-arg-eng-friendly', 'homeScore@report-arg-eng-friendly', 'date@report-arg-eng-friendly']));
    const log = await post('{ changes(first: 1) { nodes { operation by sourceId changes { entityId field after } } } }');
    expect(log.body.data!.changes.nodes[0]).toMatchObject({ operation: 'recordMatchReport', by: 'alice', sourceId: 'report-arg-eng-friendly' });
    expect(log.body.data!.changes.nodes[0].changes).toContainEqual({ entityId: matchId, field: 'homeScore', after: '2' });

    // One more meeting in all matches, an Argentina win; the World Cup record is as it was.
    const allAfter = await headToHead('ALL_MATCHES');
    expect([allAfter.played, allAfter.winsA, allAfter.draws, allAfter.winsB]).toEqual([allBefore.played + 1, allBefore.winsA + 1, allBefore.draws, allBefore.winsB]);
    expect(allAfter.meetings.map((m: { id: string }) => m.id)).toContain(matchId);
    expect(await headToHead('WORLD_CUP')).toEqual(worldCupBefore);

    expect((await post(RETRACT, { id: 'report-arg-eng-friendly' }, as('alice'))).body.errors).toBeUndefined();
    expect(dumpDifference(before, await dumpGraph(graph))).toEqual({ onlyFirst: [], onlySecond: [] });
    expect(await headToHead('ALL_MATCHES')).toEqual(allBefore);
    expect(await headToHead('WORLD_CUP')).toEqual(worldCupBefore);
  }, 60_000);

  it('finds a friendly the graph holds, across a former name and the other way round, instead of making a second one', async () => {
    const matches = async () => (await graph.read<{ n: number }>('MATCH (m:Match) RETURN count(m) AS n'))[0]!.n;
    const before = await dumpGraph(graph);
    const held = await matches();
    // The results file Argentina v Russia of 1982 under the Soviet Union, England v Germany under West Germany, 1-2 with England at home.
    const reports = [
      { match: { homeTeam: 'argentina-men', awayTeam: 'russia-men', date: '1982-04-14', competition: 'Friendly' }, homeScore: 1, awayScore: 1, source: { id: 'report-arg-urs', title: 'Argentina 1-1 Soviet Union' } },
      { match: { homeTeam: 'germany-men', awayTeam: 'england-men', date: '1982-10-13', competition: 'Friendly' }, homeScore: 2, awayScore: 1, source: { id: 'report-eng-ger', title: 'England 1-2 West Germany' } },
    ];
    for (const input of reports) expect((await post(REPORT, { input }, as('alice'))).body.errors).toBeUndefined();
    expect(await matches()).toBe(held);
    // Each report agrees with the results: the match it names cites it, and nothing is disputed.
    const cited = async (id: string) => (await post(`{ match(id: "${id}") { homeTeam { id } homeScore awayScore sources { id } disputes { field } } }`)).body.data!.match;
    expect(await cited('1982-04-14-argentina-v-soviet-union')).toEqual({
      homeTeam: { id: 'argentina-men' }, homeScore: 1, awayScore: 1, sources: [{ id: 'international-results' }, { id: 'report-arg-urs' }], disputes: [],
    });
    expect(await cited('1982-10-13-england-v-west-germany')).toEqual({
      homeTeam: { id: 'england-men' }, homeScore: 1, awayScore: 2, sources: [{ id: 'international-results' }, { id: 'report-eng-ger' }], disputes: [],
    });
    for (const { source } of reports) expect((await post(RETRACT, { id: source.id }, as('alice'))).body.errors).toBeUndefined();
    expect(dumpDifference(before, await dumpGraph(graph))).toEqual({ onlyFirst: [], onlySecond: [] });
  }, 60_000);

  it('refuses a report of a new match in a competition the graph does not know, writing nothing', async () => {
    const before = await dumpGraph(graph);
    const records = await editRecords();
    const report = (match: Record<string, unknown>) => post(REPORT, {
      input: { match: { homeTeam: 'argentina-men', awayTeam: 'england-men', date: '2025-03-25', ...match }, homeScore: 1, awayScore: 0, source: { title: 'Refused' } },
    }, as('alice'));
    const refusals: Array<[string, Reply, string]> = [
      ['unknown competition', await report({ competition: 'Intergalactic Cup' }), 'input.match.competition'],
      ['a World Cup match without its tournament', await report({ competition: 'FIFA World Cup' }), 'input.match.competition'],
      ['both a tournament and a competition', await report({ competition: 'Friendly', tournament: 'wc-2026-men', stage: 'final' }), 'input.match.competition'],
      ['neither', await report({}), 'input.match'],
    ];
    for (const [why, reply, argumentName] of refusals) {
      expect([why, reply.body.errors?.[0]?.extensions?.code, reply.body.errors?.[0]?.extensions?.argumentName]).toEqual([why, 'BAD_USER_INPUT', argumentName]);
      expect(reply.body.data?.recordMatchReport ?? null).toBeNull();
    }
    expect(refusals[0]![1].body.errors![0]!.message).toContain('Intergalactic Cup');
    expect(dumpDifference(before, await dumpGraph(graph))).toEqual({ onlyFirst: [], onlySecond: [] });
    expect(await editRecords()).toBe(records);
  }, 60_000);

  it('limits each token to its write budget', async () => {
    const limited = editSessions({
      editor: new GraphEditor(graph),
      authenticator: new Authenticator(graph),
      idempotency: new MemoryIdempotencyStore(),
      writesPerMinute: 2,
      graph,
    });
    const session = (who: string): EditSession => limited({ authorization: `Bearer ${tokens[who]}` } as IncomingHttpHeaders);
    const dry = (who: string) => session(who).assertFact({ ...correction('57').input, source: { title: 'Budget check' } }, true).then(() => 'ok', (error: { extensions?: { code?: string } }) => error.extensions?.code);
    expect([await dry('alice'), await dry('alice'), await dry('alice'), await dry('bob')]).toEqual(['ok', 'ok', 'RATE_LIMITED', 'ok']);
  }, 30_000);
});
