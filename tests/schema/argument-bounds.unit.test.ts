import { describe, expect, it } from 'vitest';
import { checkArgumentBounds, MAX_STRING_LENGTH, MAX_WORDS } from '../../src/schema/argument-bounds';
import { BadUserInputError } from '../../src/schema/errors';

function refusal(args: Record<string, unknown>): { argumentName: unknown; maximum?: unknown; minimum?: unknown } | null {
  try {
    checkArgumentBounds(args);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(BadUserInputError);
    return (error as BadUserInputError).extensions as { argumentName: unknown };
  }
}

describe('checkArgumentBounds', () => {
  it('lets through what a real query sends', () => {
    expect(
      refusal({
        name: 'Edson Arantes do Nascimento',
        id: 'wc-2026-men-round-of-16-bosnia-and-herzegovina-vs-democratic-republic-of-the-congo',
        filter: { teams: ['Argentina', 'england-men'], tournamentYears: [1986, 2026], gender: null },
        first: 100,
        after: null,
        text: 'x'.repeat(MAX_STRING_LENGTH),
      }),
    ).toBeNull();
  });

  it('names the argument, nested and inside lists, with the bound', () => {
    expect(refusal({ name: 'x'.repeat(MAX_STRING_LENGTH + 1) })).toMatchObject({ argumentName: 'name', maximum: MAX_STRING_LENGTH });
    expect(refusal({ filter: { teams: ['Argentina', 'y'.repeat(MAX_STRING_LENGTH + 1)] } })).toMatchObject({
      argumentName: 'filter.teams',
    });
    expect(refusal({ text: Array(MAX_WORDS + 1).fill('w').join(' ') })).toMatchObject({ argumentName: 'text', maximum: MAX_WORDS });
    expect(refusal({ filter: { teams: [] } })).toMatchObject({ argumentName: 'filter.teams', minimum: 1 });
  });

  it('counts words by whitespace, so ids and cursors with dashes are one word', () => {
    expect(refusal({ id: Array(50).fill('a').join('-') })).toBeNull();
    expect(refusal({ name: `  ${Array(MAX_WORDS).fill('w').join(' \t ')}  ` })).toBeNull();
  });
});
