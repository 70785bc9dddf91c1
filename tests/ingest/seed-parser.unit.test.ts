import { describe, expect, it } from 'vitest';
import { parseSeedFile } from '../../src/ingest/seeds/parser';
import type { SeedIssue } from '../../src/ingest/seeds/error';

function issuesOf(yaml: string): SeedIssue[] {
  const result = parseSeedFile('seeds/x.yaml', yaml);
  if (!Array.isArray(result)) throw new Error('expected the file to be rejected');
  return result;
}

const match = `matches:
  - tournament: wc-2026-men
    stage: semi-final
    home: england-men
    away: argentina-men
    sources: [doc]
    goals:
      - team: england-men
        scorer: Anthony Gordon
        minute: MINUTE
        sources: [doc]
`;

describe('parseSeedFile', () => {
  it('accepts a valid file and fills the defaults', () => {
    const result = parseSeedFile('seeds/x.yaml', match.replace('MINUTE', '"90+2"'));
    if (Array.isArray(result)) throw new Error(result.map((i) => i.reason).join('; '));
    expect(result.data.matches[0].goals[0]).toMatchObject({ minute: '90+2', penalty: false, ownGoal: false });
    expect(result.data.people).toEqual([]);
  });

  it('names the path, the reason and the line of a bad minute', () => {
    const [issue] = issuesOf(match.replace('MINUTE', 'ninety'));
    expect(issue).toEqual({
      file: 'seeds/x.yaml',
      path: 'matches[0].goals[0].minute',
      line: 10,
      reason: expect.stringContaining('expected a match minute'),
    });
  });

  it('reports a missing required field at its parent line', () => {
    const [issue] = issuesOf(match.replace('MINUTE', '55').replace('        sources: [doc]\n', ''));
    expect(issue).toMatchObject({ path: 'matches[0].goals[0].sources', line: 8 });
  });

  it('rejects unknown keys, so a typo cannot silently drop a fact', () => {
    const issues = issuesOf(match.replace('MINUTE', '55').replace('scorer:', 'scorrer:'));
    expect(issues.map((i) => i.reason)).toEqual(
      expect.arrayContaining([expect.stringContaining('scorrer'), expect.stringContaining('expected string')]),
    );
  });

  it('checks cross-field rules: winner plays, values and labels pair up', () => {
    const winner = issuesOf(match.replace('MINUTE', '55').replace('    sources: [doc]\n    goals', '    winner: spain-men\n    sources: [doc]\n    goals'));
    expect(winner[0]).toMatchObject({ path: 'matches[0].winner', reason: 'winner must be the home or the away team' });
    const claim = issuesOf(`claims:
  - { id: claim-x, statement: s, metric: goals, values: [6, 2, 6], valueLabels: [w, d], checkable: false, about: [{ id: a, role: subject }], sources: [doc] }
`);
    expect(claim[0]).toMatchObject({ path: 'claims[0].valueLabels', line: 2 });
  });

  it('reports YAML syntax errors with their line', () => {
    const [issue] = issuesOf('teams:\n  - name: [unclosed\n');
    expect(issue).toMatchObject({ file: 'seeds/x.yaml', path: '', line: 2, reason: expect.stringContaining('not valid YAML/JSON') });
  });

  // Ten good lines, then the fault on line 11, then more lines the parser reads before it notices.
  const TEN_LINES = ['teams:', ...Array.from({ length: 9 }, (_, i) => `  - { name: Team ${i}, gender: MEN }`)].join('\n');
  // The fault's own line is 11 (or 12, for a fault on the second of its lines); more lines follow it.
  it.each([
    ['an unclosed {', '  - { name: Broken, gender: MEN', 11],
    ['an unclosed [', '  - name: Broken\n    aliases: [Broken FC, B', 12],
    ['an unclosed "', '  - name: "Broken', 11],
    ["an unclosed '", "  - name: 'Broken", 11],
    ['a tab as indentation', '  - name: Broken\n\tgender: MEN', 12],
    ['a key given twice', '  - { name: Broken, name: Again, gender: MEN }', 11],
    ['a key less indented than its siblings', '  - name: Broken\n   gender: MEN', 12],
  ])('reports %s at the line where it is', (_fault, lines, line) => {
    const text = `${TEN_LINES}\n${lines}\n  - { name: After, gender: MEN }\n  - { name: Later, gender: MEN }\n`;
    expect(issuesOf(text)[0]).toMatchObject({ line, reason: expect.stringContaining('not valid YAML/JSON') });
  });

  it('reads JSON seed files too', () => {
    const result = parseSeedFile('seeds/x.json', '{"sources": [{"id": "doc", "title": "A report", "kind": "report"}]}');
    expect(Array.isArray(result)).toBe(false);
  });
});
