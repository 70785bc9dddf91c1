/**
 * The one folding rule for names: every layer that compares, looks up, indexes or searches a name
 * folds it with this (person identity, ids, team spellings, the full-text index's input and the
 * search terms, the web pages), so "Ødegaard", "ODEGAARD" and "Odegaard" can never drift apart.
 * No imports: the web pages bundle it too.
 */

// Letters that are not a base letter plus marks, so Unicode decomposition leaves them as they are.
const LETTERS: Record<string, string> = {
  ø: 'o', Ø: 'o', ß: 'ss', ẞ: 'ss', ł: 'l', Ł: 'l', đ: 'd', Đ: 'd', ð: 'd', Ð: 'd',
  æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', ı: 'i', þ: 'th', Þ: 'th', ħ: 'h', Ħ: 'h',
};
const SPECIAL = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

/**
 * Accent-free, lower case, invisible format characters (a soft hyphen inside "Guðmunds\u00adson") dropped; apostrophes, hyphens and every other punctuation fold to single spaces
 * (ids are built from this, so "N'Golo" and "N Golo" stay the same key): "Fernández, Enzo" ->
 * "fernandez enzo", "Łukasz Fabiański" -> "lukasz fabianski".
 */
export function fold(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}]/gu, '')
    .replace(SPECIAL, (letter) => LETTERS[letter]!)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
