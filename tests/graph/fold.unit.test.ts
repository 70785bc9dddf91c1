import { describe, expect, it } from 'vitest';
import { toFullTextQuery } from '../../src/graph/read/analytics/search.query';
import { fold } from '../../src/graph/model/fold';
import { nameKeys, slugify, teamId } from '../../src/graph/model/identity';
import { canonicalTeamName } from '../../src/ingest/team-names';
import { catalogSpelling } from '../../web/explorer/catalog';
import { HARD_NAMES } from '../fixtures/hard-names';

describe('fold', () => {
  it.each(HARD_NAMES)('folds %j to %j', (name, folded) => {
    expect(fold(name)).toBe(folded);
    expect(fold(folded)).toBe(folded);
    expect(fold(name.toUpperCase())).toBe(folded);
  });
});

// Every path that folds a name, fed the same hard names: each must agree with fold.
describe('every path that folds a name folds it with fold', () => {
  it.each(HARD_NAMES)('%j', (name, folded) => {
    // Identity: lookup keys and ids.
    expect(nameKeys([name])[0]).toBe(folded);
    expect(slugify(name)).toBe(folded.replace(/ /g, '-'));
    expect(teamId(name, 'MEN')).toBe(`${folded.replace(/ /g, '-')}-men`);
    // Search: the prefix terms are the folded words.
    const words = folded.split(' ');
    expect(toFullTextQuery(name)).toBe(words.map((w) => (w.length < 2 ? w : `(${w} OR ${w}*)`)).join(' '));
    // Team names: a spelling that folds like a known one maps to the same canonical name.
    expect(canonicalTeamName(name.toUpperCase())).toBe(canonicalTeamName(folded) === folded ? name.toUpperCase().trim() : canonicalTeamName(folded));
    // The web pages: whatever the typed form, the catalog's spelling.
    expect(catalogSpelling(['Brazil', name], folded)).toBe(name);
    expect(catalogSpelling(['Brazil', folded], name.toUpperCase())).toBe(folded);
  });

  it('maps the spellings the sources use for one team to one name', () => {
    expect(canonicalTeamName("Côte d'Ivoire")).toBe('Ivory Coast');
    expect(canonicalTeamName('COTE D’IVOIRE')).toBe('Ivory Coast');
    expect(canonicalTeamName('Türkiye')).toBe('Turkey');
  });

  it('reads "Family, Given" both ways', () => {
    expect(nameKeys(['Ødegaard, Martin'])).toEqual(['odegaard martin', 'martin odegaard']);
  });
});
