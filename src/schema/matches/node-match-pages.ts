import { pageKeyOf, type PageOfRow } from '../../graph/read/loaders/look-ahead';
import { matchPageKey, type MatchPageQuery } from '../../graph/read/loaders/page.loaders';
import { checkFirst, decodeCursor } from '../connection.service';

/** The arguments of a node's `matches` field (a venue's, a tournament's, a team's). */
export interface NodeMatchesArgs {
  first: number;
  after: string | null;
  tournamentYears?: number[] | null;
  opponent?: string | null;
}

/**
 * The page of matches a node's `matches` field reads: the query parameter naming the node, and the
 * rest of the query from the field's arguments (throwing on arguments the field refuses). A
 * look-ahead reads the page inside its parent's statement unless `readsAhead` says its arguments
 * need a statement of their own first (a team's opponent, looked up by name).
 */
export interface NodeMatchPage {
  /** The loader reading it: a venue's and a tournament's pages have lean statements of their own (page.loaders.ts). */
  loader: 'matchPage' | 'venueMatchPage' | 'tournamentMatchPage';
  parentParam: 'venueId' | 'tournamentId' | 'teams';
  /** Set when the parameter is a list of node ids (a page's teams). */
  parentList?: true;
  query(args: NodeMatchesArgs): MatchPageQuery;
  readsAhead?(args: NodeMatchesArgs): boolean;
}

const pageWindow = ({ first, after }: NodeMatchesArgs): MatchPageQuery => ({ first: checkFirst(first), after: decodeCursor(after) });

export const VENUE_MATCHES: NodeMatchPage = { loader: 'venueMatchPage', parentParam: 'venueId', query: pageWindow };
export const TOURNAMENT_MATCHES: NodeMatchPage = { loader: 'tournamentMatchPage', parentParam: 'tournamentId', query: pageWindow };
export const TEAM_MATCHES: NodeMatchPage = {
  loader: 'matchPage',
  parentParam: 'teams',
  parentList: true,
  query: (args) => ({ ...pageWindow(args), tournamentYears: args.tournamentYears }),
  readsAhead: (args) => args.opponent == null,
};

/** `query` as a look-ahead reads it for each node (look-ahead.ts): every parameter but the node's. */
export function pageOfRow(page: NodeMatchPage, query: MatchPageQuery): PageOfRow {
  const { key: _key, ...params } = matchPageKey(query);
  return { query: params, parentParam: page.parentParam, ...(page.parentList && { parentList: true }) };
}

/** The loader key of `query` for the node `id`: what the field's resolver loads and a look-ahead primes. */
export const nodeMatchPageKey = (page: NodeMatchPage, id: string, query: MatchPageQuery) => pageKeyOf(pageOfRow(page, query), id);
