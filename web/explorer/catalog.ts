import { queryGraphQL } from '../api';

/** What the pickers offer: every men's team and World Cup year that has a match in the graph. */
export interface Catalog {
  teamNames: string[];
  tournamentYears: number[];
}

// The API caps a page at 100 matches.
const PAGE_SIZE = 100;

const CATALOG_QUERY = /* GraphQL */ `
  query ExplorerCatalog($first: Int!, $after: String) {
    matches(filter: { gender: MEN }, first: $first, after: $after) {
      nodes {
        tournament {
          year
        }
        homeTeam {
          name
        }
        awayTeam {
          name
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

interface CatalogPage {
  matches: {
    nodes: Array<{ tournament: { year: number }; homeTeam: { name: string }; awayTeam: { name: string } }>;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
}

/**
 * Pages through the matches, since the API lists teams and tournaments only through them. The
 * pickers accept any name the API resolves, so this list is a convenience, not a gate.
 */
export async function loadCatalog(): Promise<Catalog> {
  const teamNames = new Set<string>();
  const tournamentYears = new Set<number>();
  let after: string | null = null;
  do {
    const { matches }: CatalogPage = await queryGraphQL<CatalogPage>(CATALOG_QUERY, { first: PAGE_SIZE, after });
    for (const match of matches.nodes) {
      teamNames.add(match.homeTeam.name).add(match.awayTeam.name);
      tournamentYears.add(match.tournament.year);
    }
    after = matches.pageInfo.hasNextPage ? matches.pageInfo.endCursor : null;
  } while (after);
  return {
    teamNames: [...teamNames].sort((a, b) => a.localeCompare(b)),
    tournamentYears: [...tournamentYears].sort((a, b) => b - a),
  };
}
