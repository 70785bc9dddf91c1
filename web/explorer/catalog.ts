import { fold } from '../../src/graph/fold';
import { queryGraphQL } from '../api';
import { CATALOG_TEAMS_QUERY, CATALOG_TOURNAMENTS_QUERY, type CatalogPage } from './explorer-queries';

/** What the pickers offer: every men's team and World Cup in the graph. */
export interface Catalog {
  teamNames: string[];
  tournamentYears: number[];
}

// The API's cap: every men's team and World Cup fits in one page; the loop only guards growth.
const PAGE_SIZE = 100;

/** Every node of the root connection `field` of `query`, following `endCursor`. */
async function listAll<Node>(query: string, field: string): Promise<Node[]> {
  const nodes: Node[] = [];
  let after: string | null = null;
  do {
    const data: Record<string, CatalogPage<Node>> = await queryGraphQL(query, { first: PAGE_SIZE, after });
    const page = data[field];
    nodes.push(...page.nodes);
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
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
    listAll<{ name: string }>(CATALOG_TEAMS_QUERY, 'teams'),
    listAll<{ year: number }>(CATALOG_TOURNAMENTS_QUERY, 'tournaments'),
  ]);
  return {
    // The API orders by code point; a reader expects accented names among the others.
    teamNames: teams.map((team) => team.name).sort((a, b) => a.localeCompare(b)),
    tournamentYears: tournaments.map((tournament) => tournament.year).reverse(),
  };
}
