import { describe, expect, it } from 'vitest';
import { STAGE_SLUGS } from '../../src/graph/model/identity';
import { AWARDS, CARDS, PERIODS, POSITIONS, SOURCE_KINDS } from '../../src/graph/model/vocabulary';
import { enumOf } from '../../src/schema/vocabulary.type';

describe('enumOf', () => {
  it('names each stored value in GraphQL spelling and keeps the stored value as the internal one', () => {
    expect(enumOf(['semi-final', 'round-of-16', 'Golden Ball', 'GK'])).toEqual({
      SEMI_FINAL: 'semi-final',
      ROUND_OF_16: 'round-of-16',
      GOLDEN_BALL: 'Golden Ball',
      GK: 'GK',
    });
  });

  const vocabularies: Array<readonly string[]> = [STAGE_SLUGS, PERIODS, CARDS, POSITIONS, AWARDS, SOURCE_KINDS];

  it.each(vocabularies.map((values) => [values]))('gives every value of %j a name of its own', (values) => {
    const names = Object.keys(enumOf(values));
    expect(names).toHaveLength(values.length);
    for (const name of names) expect(name).toMatch(/^[A-Z][A-Z0-9_]*$/);
  });
});
