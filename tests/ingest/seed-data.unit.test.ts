import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fold } from '../../src/graph/model/fold';
import { nameKeys } from '../../src/graph/model/identity';
import { loadSeedBundle } from '../../src/ingest/seeds/load';
import { REAL_DATA_DIR } from '../support/real-data';

const SQUADS = path.join(REAL_DATA_DIR, 'openfootball-worldcup', '2026', 'worldcup.squads.json');

const bundle = loadSeedBundle(path.resolve(__dirname, '..', '..', 'seeds'));

interface SquadFile {
  name: string;
  players: Array<{ name: string; date_of_birth: string }>;
}

describe('seed people against the openfootball 2026 squads', () => {
  const squads = JSON.parse(readFileSync(SQUADS, 'utf8')) as SquadFile[];
  const teamNames = new Map(bundle.teams.map((team) => [team.id, team.name]));
  const squadRecords = bundle.squads.filter((squad) => squad.tournamentId === 'wc-2026-men');

  it.each(squadRecords.map((squad) => [squad.playerId, squad] as const))('%s is in the squad list', (playerId, squad) => {
    const person = bundle.people.find((p) => p.id === playerId)!;
    const squadList = squads.find((team) => team.name === teamNames.get(squad.teamId));
    const keys = nameKeys([person.name, ...person.aliases]);
    const entry = squadList?.players.find((player) => keys.includes(fold(player.name)));
    expect(entry, `${person.name} in ${squad.teamId}`).toBeDefined();
    // The squad list's spelling is the canonical name, and its birth date is the one we keep.
    expect(person.name).toBe(entry!.name);
    expect(person.birthDate).toBe(entry!.date_of_birth);
  });

  it('covers everyone in the semi-final line-ups', () => {
    const inSquad = new Set(squadRecords.map((squad) => squad.playerId));
    const appeared = bundle.appearances.map((appearance) => appearance.playerId);
    expect(appeared.filter((id) => !inSquad.has(id))).toEqual([]);
    expect(appeared).toHaveLength(32);
  });
});

describe('seed disputes', () => {
  it('marks exactly the preferred versions of every disputed field', () => {
    const bySubjectField = new Map<string, typeof bundle.assertions>();
    for (const assertion of bundle.assertions) {
      const key = `${assertion.subjectId}#${assertion.field}`;
      bySubjectField.set(key, [...(bySubjectField.get(key) ?? []), assertion]);
    }
    for (const [key, versions] of bySubjectField) {
      expect(new Set(versions.map((v) => v.sources[0])).size, key).toBe(versions.length);
      const preferredValues = new Set(versions.filter((v) => v.preferred).map((v) => v.value));
      expect(preferredValues.size, key).toBeLessThanOrEqual(1);
    }
  });
});
