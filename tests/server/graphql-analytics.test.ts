import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import type { TestGraphQLServer } from '../support/graphql-server';
import { startSeededHistoryApi } from '../support/seeded-api';

describe('analytical queries over HTTP (seeds + Argentina v England history)', () => {
  let graph: GraphClient;
  let api: TestGraphQLServer;

  beforeAll(async () => {
    ({ graph, api } = await startSeededHistoryApi());
  });
  afterAll(async () => {
    await api?.close();
    await graph?.close();
  });

  it('assists for 2026: Messi set up Fernández and Lautaro Martínez', async () => {
    const { status, body } = await api.post(`{
      assists(filter: { tournamentYears: [2026] }) {
        assister { id } scorer { id } count goals { minute addedTime }
      }
    }`);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const links = body.data!.assists as Array<{ assister: { id: string }; scorer: { id: string }; count: number }>;
    expect(links).toContainEqual({ assister: { id: 'lionel-messi' }, scorer: { id: 'enzo-fernandez' }, count: 1, goals: [{ minute: 85, addedTime: null }] });
    expect(links).toContainEqual({ assister: { id: 'lionel-messi' }, scorer: { id: 'lautaro-martinez' }, count: 1, goals: [{ minute: 90, addedTime: 2 }] });
    expect(links.map((link) => link.scorer.id)).not.toContain('geoff-hurst');
  });

  it('assists across every World Cup, filtered by assister name without accents', async () => {
    const { body } = await api.post(`{ all: assists { scorer { id } } peters: assists(filter: { assister: "martin peters" }) { scorer { name } count } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data!.all.map((link: { scorer: { id: string } }) => link.scorer.id)).toContain('geoff-hurst');
    expect(body.data!.peters).toEqual([{ scorer: { name: 'Geoff Hurst' }, count: 1 }]);
  });

  it("headToHead Argentina v England: the shoot-out of 1998 is a draw, the women's meeting is left out", async () => {
    const { body } = await api.post(`{
      headToHead(teamA: "Argentina", teamB: "england-men") {
        teamA { id } teamB { id } played winsA winsB draws goalsA goalsB meetings { id date homeScore awayScore }
      }
    }`);
    expect(body.errors).toBeUndefined();
    const record = body.data!.headToHead;
    expect(record).toMatchObject({
      teamA: { id: 'argentina-men' },
      teamB: { id: 'england-men' },
      played: 6,
      winsA: 2,
      winsB: 3,
      draws: 1,
      goalsA: 7,
      goalsB: 9,
    });
    expect(record.meetings.map((match: { date: string }) => match.date.slice(0, 4))).toEqual(['1962', '1966', '1986', '1998', '2002', '2026']);
  });

  it('headToHead by gender, by years, and as Team.headToHead from the other side', async () => {
    const { body } = await api.post(`{
      women: headToHead(teamA: "Argentina", teamB: "England", gender: WOMEN) { played winsA winsB meetings { id } }
      recent: headToHead(teamA: "Argentina", teamB: "England", tournamentYears: [1998, 2026]) { played winsA draws }
      team(id: "england-men") { headToHead(opponent: "Argentina") { played winsA winsB draws goalsA goalsB } }
    }`);
    expect(body.errors).toBeUndefined();
    expect(body.data!.women).toEqual({ played: 1, winsA: 0, winsB: 1, meetings: [{ id: 'wc-2019-women-group-stage-argentina-v-england' }] });
    expect(body.data!.recent).toEqual({ played: 2, winsA: 1, draws: 1 });
    expect(body.data!.team.headToHead).toEqual({ played: 6, winsA: 3, winsB: 2, draws: 1, goalsA: 9, goalsB: 7 });
  });

  it('refuses a head-to-head of a team with itself, naming teamB', async () => {
    const { body } = await api.post('{ headToHead(teamA: "England", teamB: "england-men") { played } }');
    expect(body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'teamB' });
  });

  it('search finds an accented name from accent-less text, ranked first', async () => {
    const { body } = await api.post(`{ search(text: "Sanfilippo Jose", first: 5) { id type name score entity { id } } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data!.search[0]).toMatchObject({ id: 'jose-sanfilippo', type: 'Player', name: 'José Sanfilippo', entity: { id: 'jose-sanfilippo' } });
  });

  it('search treats Lucene syntax as text and finds matches through their two teams', async () => {
    const { body } = await api.post(`{
      syntax: search(text: "messi) OR name:* AND \\\\") { id }
      prefix: search(text: "lautar") { id }
      match: search(text: "argentina england", first: 20) { id type }
    }`);
    expect(body.errors).toBeUndefined();
    expect(body.data!.syntax[0].id).toBe('lionel-messi');
    expect(body.data!.prefix[0].id).toBe('lautaro-martinez');
    expect(body.data!.match).toContainEqual({ id: 'wc-2026-men-semi-final-argentina-v-england', type: 'Match' });
  });

  it('path between two players of the semi-final goes through the match', async () => {
    const { body } = await api.post(`{
      near: path(from: "lionel-messi", to: "harry-kane") {
        length nodes { id labels name } relationships { type from to properties }
      }
      tooFar: path(from: "lionel-messi", to: "harry-kane", maxHops: 1) { length }
    }`);
    expect(body.errors).toBeUndefined();
    const path = body.data!.near;
    expect(path.length).toBe(2);
    expect(path.nodes.map((node: { id: string }) => node.id)).toEqual(['lionel-messi', 'wc-2026-men-semi-final-argentina-v-england', 'harry-kane']);
    expect(path.nodes[1]).toMatchObject({ labels: ['Match'], name: 'England v Argentina, 2026-07-15' });
    expect(path.relationships).toEqual([
      expect.objectContaining({ type: 'PLAYED_IN', from: 'lionel-messi', to: 'wc-2026-men-semi-final-argentina-v-england' }),
      expect.objectContaining({ type: 'PLAYED_IN', from: 'harry-kane', to: 'wc-2026-men-semi-final-argentina-v-england' }),
    ]);
    // The side is the player's entry (IN_SQUAD), no longer a property of the appearance.
    expect(path.relationships[0].properties).toMatchObject({ starter: true, minuteOn: 0 });
    expect(path.relationships[0].properties).not.toHaveProperty('teamId');
    expect(body.data!.tooFar).toBeNull();
  });
});
