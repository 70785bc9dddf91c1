import { fold } from '../../src/graph/model/fold';
import { queryGraphQL } from '../api';
import type { TypedDocumentString } from '../generated/graphql';
import { CATALOG_TEAMS_QUERY, CATALOG_TOURNAMENTS_QUERY } from './explorer-queries';

/** What the pickers offer: every men's team and World Cup in the graph. */
export interface Catalog {
  teamNames: string[];
  tournamentYears: number[];
}

// The API's cap: every men's team and World Cup fits in one page; the loop only guards growth.
const PAGE_SIZE = 100;

interface Page<Node> {
  nodes: Node[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
}

/** Every node of the root connection that `page` picks from `query`'s answer, following `endCursor`. */
async function listAll<Data, Node>(
  query: TypedDocumentString<Data, { first: number; after?: string | null }>,
  page: (data: Data) => Page<Node>,
): Promise<Node[]> {
  const nodes: Node[] = [];
  let after: string | null = null;
  do {
    const current: Page<Node> = page(await queryGraphQL(query, { first: PAGE_SIZE, after }));
    nodes.push(...current.nodes);
    after = current.pageInfo.hasNextPage ? (current.pageInfo.endCursor ?? null) : null;
  } while (after);
  return nodes;
}

/**
 * The catalog's spelling of a typed team name, compared as the API compares names (fold.ts):
 * "cote d ivoire" or "TÜRKIYE" show as the team is named; a name the catalog lacks stays as typed.
 */
export function catalogSpelling(teamNames: readonly string[], typed: string): string {
  const key = fold(typed);
  return teamNames.find((name) => fold(name) === key) ?? typed.trim();
}

/** The pickers accept any name the API resolves, so this list is a convenience, not a gate. */
export async function loadCatalog(): Promise<Catalog> {
  const [teams, tournaments] = await Promise.all([
    listAll(CATALOG_TEAMS_QUERY, (data) => data.teams),
    listAll(CATALOG_TOURNAMENTS_QUERY, (data) => data.tournaments),
  ]);
  return {
    // The API orders by code point; a reader expects accented names among the others.
    teamNames: teams.map((team) => team.name).sort((a, b) => a.localeCompare(b)),
    tournamentYears: tournaments.map((tournament) => tournament.year).reverse(),
  };
}
