import { describe, expect, it } from 'vitest';
import { parseSeedFile, type ParsedSeedFile } from '../../src/ingest/seeds/parser';
import { resolveSeedFiles } from '../../src/ingest/seeds/resolver';

function parsed(file: string, yaml: string): ParsedSeedFile {
  const result = parseSeedFile(file, yaml);
  if (Array.isArray(result)) throw new Error(result.map((i) => `${i.path}: ${i.reason}`).join('; '));
  return result;
}

const base = parsed(
  'seeds/00-base.yaml',
  `sources:
  - { id: doc, title: A report, kind: report }
teams:
  - { name: Argentina, gender: MEN, sources: [doc] }
  - { name: England, gender: MEN, sources: [doc] }
tournaments:
  - { year: 2026, gender: MEN, name: 2026 FIFA World Cup, sources: [doc] }
people:
  - name: Enzo Fernández
    aliases: [Enzo Fernandez]
    roles: [Player]
    squads: [{ team: argentina-men, tournament: wc-2026-men, sources: [doc] }]
    sources: [doc]
  - name: Lisandro Martínez
    roles: [Player]
    squads: [{ team: argentina-men, tournament: wc-2026-men, sources: [doc] }]
    sources: [doc]
`,
);

function semiFinal(scorer: string, extra = ''): ParsedSeedFile {
  return parsed(
    'seeds/10-match.yaml',
    `matches:
  - tournament: wc-2026-men
    stage: semi-final
    home: england-men
    away: argentina-men
    extraTime: false
    sources: [doc]
    goals:
      - { team: argentina-men, scorer: ${scorer}, minute: 85, sources: [doc] }
${extra}`,
  );
}

describe('resolveSeedFiles', () => {
  it('builds ids from names and resolves a spelling to its person', () => {
    const { files, issues } = resolveSeedFiles([base, semiFinal('Enzo Fernandez')]);
    expect(issues).toEqual([]);
    const [, match] = files;
    expect(match.bundle.matches[0].id).toBe('wc-2026-men-semi-final-argentina-v-england');
    expect(match.bundle.stages.map((s) => s.id)).toEqual(['wc-2026-men-semi-final']);
    expect(match.bundle.goals[0]).toMatchObject({ scorerId: 'enzo-fernandez', sequence: 1, minute: 85, period: 'second-half' });
  });

  it('rejects a spelling that matches a person but is not among their aliases', () => {
    const { issues } = resolveSeedFiles([base, semiFinal('ENZO FERNANDEZ')]);
    expect(issues).toEqual([
      {
        file: 'seeds/10-match.yaml',
        path: 'matches[0].goals[0].scorer',
        line: 9,
        reason: '"ENZO FERNANDEZ" is enzo-fernandez, but that spelling is not among its aliases; add it',
      },
    ]);
  });

  it('rejects unknown people, teams that do not play, and undeclared sources', () => {
    const extra = `    quotes:
      - { speaker: Lautaro Martinez, text: words, sources: [doc] }
    coaches:
      - { team: spain-men, coach: Lionel Scaloni, sources: [other-doc] }
`;
    const { issues } = resolveSeedFiles([base, semiFinal('Enzo Fernandez', extra)]);
    expect(issues.map((i) => `${i.path}: ${i.reason}`)).toEqual([
      'matches[0].coaches[0].team: spain-men does not play in wc-2026-men-semi-final-argentina-v-england',
      'matches[0].quotes[0].speaker: no person is declared under the name or alias "Lautaro Martinez"',
    ]);
  });

  it('allows references only to what this or an earlier file declares', () => {
    const { issues } = resolveSeedFiles([semiFinal('Enzo Fernandez'), base]);
    expect(issues[0]).toMatchObject({
      file: 'seeds/10-match.yaml',
      path: 'matches[0].tournament',
      reason: 'wc-2026-men is not declared in this file or an earlier one',
    });
  });

  it("turns an entry's per-source versions into source-scoped values, and rejects those the reconciler cannot compare", () => {
    const sources = `sources:
  - { id: doc-b, title: Another report, kind: report }
  - { id: data, title: A data set, kind: dataset }
`;
    const match = (bySource: string) =>
      parsed('seeds/10-match.yaml', `${sources}matches:
  - tournament: wc-2026-men
    stage: semi-final
    home: england-men
    away: argentina-men
    date: 2026-07-15
    sources: [doc, doc-b, data]
    bySource:
${bySource}`);
    const good = resolveSeedFiles([base, match('      date: { doc-b: 2026-07-16 }\n      stage: { doc: final }\n')]);
    expect(good.issues).toEqual([]);
    expect(good.files[1].bundle.matches[0]).toMatchObject({ date: '2026-07-15', bySource: { date: { 'doc-b': '2026-07-16' }, stage: { doc: 'final' } } });

    const reasons = (bySource: string) => resolveSeedFiles([base, match(bySource)]).issues.map((i) => `${i.path}: ${i.reason}`);
    expect(reasons('      date: { data: 2026-07-16 }\n')).toEqual(['matches[0].bySource.date.data: data is a data set; its values come from its own import']);
    expect(reasons('      date: { other: 2026-07-16 }\n')).toEqual(["matches[0].bySource.date.other: other is not among this entry's sources"]);
    expect(reasons('      date: { doc: 15 July }\n')).toEqual(['matches[0].bySource.date.doc: expected a value of type date']);
    expect(reasons('      nickname: { doc: The Clash }\n')).toEqual(['matches[0].bySource.nickname: nickname is not a field the reconciler compares on a Match']);
    expect(reasons('      venue: { doc: nowhere }\n')).toEqual(['matches[0].bySource.venue.doc: nowhere is not declared in this file or an earlier one']);
  });

  it('rejects an entity declared twice', () => {
    const again = parsed('seeds/20-again.yaml', 'teams:\n  - { name: Argentina, gender: MEN, sources: [doc] }\n');
    const { issues } = resolveSeedFiles([base, again]);
    expect(issues).toEqual([
      { file: 'seeds/20-again.yaml', path: 'teams[0].name', line: 2, reason: 'Team argentina-men is already declared in seeds/00-base.yaml' },
    ]);
  });

  it('turns a line-up into appearances and substitutions with elapsed minutes', () => {
    const lineup = `    lineups:
      - team: argentina-men
        sources: [doc]
        starters: [{ player: Lisandro Martínez, line: DF }]
        substitutions: [{ on: Enzo Fernández, off: Lisandro Martínez, minute: 96 }]
`;
    const { files, issues } = resolveSeedFiles([base, semiFinal('Enzo Fernandez', lineup)]);
    expect(issues).toEqual([]);
    const { appearances, substitutions } = files[1].bundle;
    expect(appearances).toEqual([
      expect.objectContaining({ playerId: 'lisandro-martinez', starter: true, minuteOn: 0, minuteOff: 96, position: 'DF' }),
      expect.objectContaining({ playerId: 'enzo-fernandez', starter: false, minuteOn: 96 }),
    ]);
    expect(substitutions[0]).toMatchObject({ playerOnId: 'enzo-fernandez', playerOffId: 'lisandro-martinez', minute: 90, addedTime: 6 });
  });
});
