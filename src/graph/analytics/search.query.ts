import type { GraphClient } from '../driver';

export interface SearchHitRow {
  id: string;
  labels: string[];
  name: string;
  score: number;
}

// Lucene's query syntax characters; a user's "AC/DC" or "O'Neil (c)" must stay literal text.
const LUCENE_SPECIAL = /[+\-&|!(){}[\]^"~*?:\\/]/g;

export function escapeLucene(text: string): string {
  return text.replace(LUCENE_SPECIAL, '\\$&');
}

/**
 * Turns free text into a Lucene query for `entity_names`: each word matches whole or as a prefix
 * (type-ahead), any word may match and the ranking rewards those matching more. Words are
 * lower-cased, which also keeps AND/OR/NOT from being read as operators, and accent-folded here
 * because Lucene does not run the index's folding analyzer on prefix terms.
 */
export function toFullTextQuery(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map(escapeLucene)
    .map((word) => `(${word} OR ${word}*)`)
    .join(' ');
}

/**
 * Named entities straight from the full-text index, plus the matches between any two teams found:
 * matches have no name of their own, so "Argentina England" finds their meetings through the teams,
 * ranked by the two teams' scores together.
 */
const SEARCH = `
CALL db.index.fulltext.queryNodes('entity_names', $query, {limit: $candidates}) YIELD node, score
WITH collect({node: node, score: score}) AS hits
CALL (hits) {
  UNWIND hits AS hit
  WITH hit.node AS n, hit.score AS score
  RETURN n.id AS id, labels(n) AS labels, n.name AS name, score
  UNION
  WITH [hit IN hits WHERE hit.node:Team] AS teamHits
  UNWIND teamHits AS a
  UNWIND teamHits AS b
  WITH a, b WHERE a.node.id < b.node.id
  MATCH (home:Team)<-[:HOME_TEAM]-(m:Match)-[:AWAY_TEAM]->(away:Team)
  WHERE (home = a.node AND away = b.node) OR (home = b.node AND away = a.node)
  RETURN m.id AS id, labels(m) AS labels,
         home.name + ' v ' + away.name + coalesce(', ' + m.date, '') AS name,
         a.score + b.score AS score
}
RETURN id, [label IN labels WHERE label <> 'Entity'] AS labels, name, score
ORDER BY score DESC, name
LIMIT $first`;

export interface SearchOptions {
  text: string;
  first: number;
}

export async function searchEntities(graph: GraphClient, { text, first }: SearchOptions): Promise<SearchHitRow[]> {
  // Fetching more candidates than asked leaves room for team pairs to add match hits that outrank
  // single names.
  return graph.read<SearchHitRow>(SEARCH, { query: toFullTextQuery(text), first, candidates: first * 3 });
}
