import type { SeededRandom } from './seeded-random';

/**
 * String arguments an attacker would send. None of them may contain what the leak check looks for
 * (paths of this machine, Bolt URIs, stack frames), or an echoed argument would look like a leak.
 */

/** Cypher written into a value, hoping it is pasted into a statement somewhere. */
export const CYPHER_INJECTIONS = [
  "' OR 1=1 //",
  "x' }) MATCH (n) DETACH DELETE n //",
  '"}) MATCH (n) DETACH DELETE n RETURN 1 //',
  "') DETACH DELETE n RETURN ('",
  "' RETURN 1 UNION MATCH (n) DETACH DELETE n RETURN 1 AS x //",
  "1; CALL dbms.shutdown()",
  "*/ MATCH (n) SET n.hacked = true /*",
  "a` ) CREATE (x:Hacked) //",
  "\\' OR '1'='1",
  "MERGE (h:Hacked {by: 'fuzz'}) RETURN h",
  "CALL apoc.cypher.runWrite('MATCH (n) DETACH DELETE n', {})",
  "LOAD CSV FROM 'file:///etc/passwd' AS line RETURN line",
  '$id',
  '{id}',
  '`id`',
  "x' WITH 1 AS a CALL db.labels() YIELD label RETURN label //",
  "lionel-messi' SET n:Admin //",
  "argentina-men\u0000' DETACH DELETE n",
] as const;

/** Lucene query syntax for the full-text search (and any argument that might reach it). */
export const LUCENE_SYNTAX = [
  '*',
  '?',
  '*:*',
  'name:*',
  'a AND b OR NOT c',
  '"unterminated',
  '(((',
  ')))',
  '[a TO z]',
  '{* TO *}',
  '~',
  'messi~0.5',
  'messi^1000',
  '/.*/',
  '/(a+)+$/',
  '\\',
  '&& ||',
  '-',
  '+',
  '!',
  'a*b*c*d*e*f*g*',
  '::',
  'AND',
  'NOT NOT NOT',
  'title:"x"~10',
  'argentina england'.split('').join('*'),
] as const;

/** Odd but valid text: empty, control characters, other scripts, emoji, combining marks. */
export const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\t\n\r',
  '\u200b\u200d\ufeff',
  'Ærgentína ✓ 🏆 ⚽️',
  '\u202eanitnegra',
  'a\u0301\u0301\u0301\u0301\u0301\u0301',
  'ｍｅｓｓｉ',
  '\uffff\ufffe',
  'ΑΡΓΕΝΤΙΝΗ',
  '阿根廷',
  '%00%27%22',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
] as const;

/** Values that exist in the seeded graph, so some requests do real work. */
export const PLAUSIBLE_STRINGS = [
  'Argentina',
  'England',
  'argentina-men',
  'england-men',
  'lionel-messi',
  'harry-kane',
  'Messi',
  'Julian Alvarez',
  'wc-2026-men',
  'argentina england',
  'Kane',
  'semi-final',
] as const;

const WORDS = ['argentina', 'england', 'messi', 'kane', 'final', 'a', 'the', 'é', 'ab', 'world', 'cup', 'x'];

/** 10 k to 900 k characters (at most `maxLength`) of one character or of random letters. */
export function hugeString(random: SeededRandom, maxLength: number): string {
  const length = Math.min(maxLength, random.int(10_000, 900_000));
  if (random.chance(0.5)) return random.pick(['a', 'é', '*', ' ', '🏆']).repeat(length / 2);
  let text = '';
  while (text.length < length) text += random.next().toString(36).slice(2);
  return text.slice(0, length);
}

/** Hundreds to a hundred thousand words (at most `maxLength` characters): what made the full-text look-ups slow. */
export function manyWords(random: SeededRandom, maxLength: number): string {
  const count = random.int(200, 100_000);
  const separator = random.chance(0.8) ? ' ' : random.pick(['  ', '\t', ' OR ', '-']);
  const words: string[] = [];
  let length = 0;
  for (let i = 0; i < count && length < maxLength - 20; i += 1) {
    const word = random.pick(WORDS);
    words.push(word);
    length += word.length + separator.length;
  }
  return words.join(separator);
}
