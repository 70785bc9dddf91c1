import { fold } from '../../model/fold';
import { meetingsBetween } from './match-scope';
import { batchMany, loadByParams, type GraphReader, type LoaderEnv } from '../loaders/batched-loader';

export interface SearchHitRow {
  id: string;
  labels: string[];
  name: string;
  score: number;
}

/**
 * A one-letter prefix expands to every indexed term with that initial: twelve of them cost Neo4j
 * 1.7 s cold (185 ms warm) on the full history, against 100 ms for twelve two-letter prefixes.
 */
const MIN_PREFIX_LENGTH = 2;

/**
 * Turns free text into a Lucene query for the full-text index of folded names: each word matches
 * whole or, from two characters, as a prefix (type-ahead); any word may match and the ranking
 * rewards those matching more. The words are folded by the rule the index's input was folded by
 * (Lucene does not analyse prefix terms); folded text holds no query syntax, and lower case keeps
 * AND/OR/NOT from being read as operators.
 */
export function toFullTextQuery(text: string): string {
  return fold(text)
    .split(' ')
    .filter((word) => word.length > 0)
    .map((word) => (word.length < MIN_PREFIX_LENGTH ? word : `(${word} OR ${word}*)`))
    .join(' ');
}

/**
 * Named entities straight from the full-text index, plus the matches between any two teams found:
 * matches have no name of their own, so "Argentina England" finds their meetings through the teams,
 * ranked by the two teams' scores together. Batched: every search of a request is one statement.
 * LIMIT cannot depend on a row, so each search's best hits are cut from its ranked list.
 */
const SEARCH = `
UNWIND $ids.items AS id
CALL (id) {
  CALL db.index.fulltext.queryNodes('entity_folded_names', id.query, {limit: id.candidates}) YIELD node, score
  WITH collect({node: node, score: score}) AS hits
  CALL (hits) {
    UNWIND hits AS hit
    WITH hit.node AS n, hit.score AS score
    RETURN n.id AS hitId, labels(n) AS labels, n.name AS name, score
    UNION
    WITH [hit IN hits WHERE hit.node:Team] AS teamHits
    UNWIND teamHits AS a
    UNWIND teamHits AS b
    WITH a, b WHERE a.node.id < b.node.id
    // Seeking the pair's meetings by their ids, not walking either team's every match.
    WITH a, b, a.node AS teamA, b.node AS teamB
    CALL (teamA, teamB) {${meetingsBetween('teamA.id', 'teamB.id')}
    }
    MATCH (home:Team)<-[:HOME_TEAM]-(m)-[:AWAY_TEAM]->(away:Team)
    RETURN m.id AS hitId, labels(m) AS labels,
           home.name + ' v ' + away.name + coalesce(', ' + m.date, '') AS name,
           a.score + b.score AS score
  }
  WITH hitId, labels, name, score ORDER BY score DESC, name
  WITH collect({id: hitId, labels: [label IN labels WHERE label <> 'Entity'], name: name, score: score}) AS ranked
  UNWIND ranked[..id.first] AS hit
  RETURN hit
}
RETURN id.key AS key, hit AS value`;

export type SearchOptions = {
  text: string;
  first: number;
};

/** Searches by text, best first; one loader per request like every other. */
export function createSearchLoader(env: GraphReader | LoaderEnv): (options: SearchOptions) => Promise<SearchHitRow[]> {
  const load = loadByParams(batchMany<SearchHitRow, SearchParams & { key: string }>(env, SEARCH));
  // Fetching more candidates than asked leaves room for team pairs to add match hits that outrank
  // single names.
  return ({ text, first }) => load({ query: toFullTextQuery(text), first, candidates: first * 3 });
}

type SearchParams = { query: string; first: number; candidates: number };
