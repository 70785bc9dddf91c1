import type { Params } from '../../driver/driver';
import type { Gender } from '../../model/identity';
import { worldCupMatchesOf } from '../analytics/match-scope';
import { batchOne, type LoaderEnv } from './batched-loader';
import type { LoaderFactories } from './loader-set';
import { paramsKey } from './look-ahead';
import { matchChronology, matchRow, personRow, teamRow, tournamentRow, type RowProjection } from './projections';
import type { MatchRow, PagePosition, PageRow, PersonRow, TeamRow, TournamentRow } from './rows';

interface PageWindow {
  first: number;
  /** The position of the last row of the previous page. */
  after?: PagePosition | null;
}

export interface MatchPageQuery extends PageWindow {
  tournamentId?: string | null;
  tournamentYears?: readonly number[] | null;
  /** Matches of this competition; World Cup matches when null. */
  competition?: string | null;
  venueId?: string | null;
  gender?: Gender | null;
  stage?: string | null;
  from?: string | null;
  to?: string | null;
  /** Matches with a side among these team ids. */
  teams?: string[] | null;
  /** With `teams`: only matches whose other side is among these. */
  opponents?: string[] | null;
}

export interface PlayerPageQuery extends PageWindow {
  /** Folded (fold.ts) part of a name. */
  nameContains?: string | null;
  teams?: string[] | null;
  tournamentYears?: readonly number[] | null;
  gender?: Gender | null;
}

export interface TeamPageQuery extends PageWindow {
  /** Folded (fold.ts) part of a name or alias. */
  nameContains?: string | null;
  gender?: Gender | null;
  /** Upper case, as the sources write it (`CONMEBOL`). */
  confederation?: string | null;
}

export interface TournamentPageQuery extends PageWindow {
  gender?: Gender | null;
}

type PageKey = Params & { key: string };

/**
 * Every field present (null when unset) so that Cypher can test `id.x IS NULL`, and a cache key
 * built in a fixed field order, so equal queries share one loader entry.
 */
function pageKey<Q extends object>(fields: readonly (keyof Q)[], query: Q): PageKey {
  return paramsKey<Params>(Object.fromEntries(fields.map((field) => [field, query[field] ?? null])));
}

const MATCH_PAGE_FIELDS = [
  'first', 'after', 'tournamentId', 'tournamentYears', 'competition', 'venueId', 'gender', 'stage', 'from', 'to', 'teams', 'opponents',
] as const satisfies readonly (keyof MatchPageQuery)[];
const PLAYER_PAGE_FIELDS = [
  'first', 'after', 'nameContains', 'teams', 'tournamentYears', 'gender',
] as const satisfies readonly (keyof PlayerPageQuery)[];
const TEAM_PAGE_FIELDS = [
  'first', 'after', 'nameContains', 'gender', 'confederation',
] as const satisfies readonly (keyof TeamPageQuery)[];
const TOURNAMENT_PAGE_FIELDS = ['first', 'after', 'gender'] as const satisfies readonly (keyof TournamentPageQuery)[];

export const matchPageKey = (query: MatchPageQuery) => pageKey(MATCH_PAGE_FIELDS, query);
export const playerPageKey = (query: PlayerPageQuery) => pageKey(PLAYER_PAGE_FIELDS, query);
export const teamPageKey = (query: TeamPageQuery) => pageKey(TEAM_PAGE_FIELDS, query);
export const tournamentPageKey = (query: TournamentPageQuery) => pageKey(TOURNAMENT_PAGE_FIELDS, query);

/** Whether the row at (`sortValue`, `rowId`) comes after the cursor `id.after` in (sort, id) order. */
const AFTER_CURSOR = (sortValue: string, rowId: string) =>
  `(id.after IS NULL OR ${sortValue} > id.after[0] OR (${sortValue} = id.after[0] AND ${rowId} > id.after[1]))`;

/**
 * `match` binds `row` to the filtered rows (per key `id`). Counts them all, then cuts the page after
 * `id.after` in (sort, id) order and keeps one row more than asked for: it tells whether another
 * page follows. Each row's position is returned with it, the very sort value the cut compares, so
 * a cursor can never point where the order does not (an undated match sorts by its year, not by '').
 * Returns the statement and how it returns its rows: the page's `nodes`, each a list of `projection`'s columns.
 */
const pagedQuery = (match: string, row: string, sort: string, projection: RowProjection) => pageStatement(`
  ${match}
  WITH ${row}, coalesce(${sort}, '') AS sortValue ORDER BY sortValue, ${row}.id
  WITH collect({row: ${row}, sortValue: sortValue}) AS rows
  RETURN size(rows) AS totalCount,
    [r IN rows WHERE ${AFTER_CURSOR('r.sortValue', 'r.row.id')}][0..id.first + 1] AS pageRows`, row, projection);

/** Largest page a client may ask for (the API refuses a larger `first`): one request must not walk a whole list. */
export const MAX_PAGE_SIZE = 100;

/**
 * A page of every `label` node in the order of `property`, which a range index holds, as
 * `pagedQuery` returns it: read from the index up to the largest page and counted from Neo4j's count
 * store, where `pagedQuery` would sort and count every node of the label to cut twenty.
 */
const indexOrderedPage = (label: string, property: string, row: string, projection: RowProjection) => pageStatement(`
  MATCH (${row}:${label}) WHERE ${row}.${property} >= coalesce(id.after[0], '') AND ${AFTER_CURSOR(`${row}.${property}`, `${row}.id`)}
  WITH ${row} ORDER BY ${row}.${property}, ${row}.id LIMIT ${MAX_PAGE_SIZE + 1}
  WITH collect({row: ${row}, sortValue: ${row}.${property}}) AS rows
  RETURN COUNT { (:${label}) } AS totalCount, rows[0..id.first + 1] AS pageRows`, row, projection);

/** `page` binds `totalCount` and `pageRows` ({row, sortValue}) per key `id`. */
function pageStatement(page: string, row: string, projection: RowProjection) {
  const rows = projection.at(row);
  const cypher = `
UNWIND $ids.items AS id
CALL (id) {${page}
}
RETURN id.key AS key, {
  totalCount: totalCount,
  nodes: [${row} IN [r IN pageRows | r.row] | ${rows.list}],
  positions: [r IN pageRows | [r.sortValue, r.row.id]]
} AS value`;
  return [cypher, { rowsField: 'nodes', ...rows }] as const;
}

/**
 * A page of matches. The candidates come from the most selective start the filter allows (the
 * teams' matches, a tournament's, or all), and each match's sort key is read from the tournament
 * already matched (the date, else the tournament's year); `pagedQuery` cuts the page and returns
 * the positions.
 */
const MATCH_PAGE = pagedQuery(
  // A branch's WHERE on parameters is planned above the branch's first scan, not instead of it, so
  // no branch starts with a scan of every match: that scan cost 1,353 db hits for every teams
  // filter. Without teams, the candidates are the matches of the tournaments the filter names, or of
  // all 31; with a venue, the venue's. The opponents and the venue are the match's id properties, which the writer keeps with the edges:
  // expanding the match's relationships to find them cost 3,000 db hits for Argentina v England.
  // So are its tournament and competition: a team's World Cup matches are sought in the indexes of the
  // matches' team and tournament ids, not among its matches of every competition, and its tournament
  // is found by index, not through the match's relationships.
  `CALL (id) {
    UNWIND id.teams AS teamId
    CALL (id, teamId) {${worldCupMatchesOf('teamId', 'id, teamId', 'id.competition IS NULL')}
      UNION
      WITH id, teamId WHERE id.competition IS NOT NULL
      MATCH (:Team {id: teamId})<-[:HOME_TEAM|AWAY_TEAM]-(m:Match) WHERE m.competition = id.competition
      RETURN m
    }
    WITH id, teamId, m WHERE id.opponents IS NULL
      OR (m.homeTeamId IN id.opponents AND m.homeTeamId <> teamId)
      OR (m.awayTeamId IN id.opponents AND m.awayTeamId <> teamId)
    RETURN DISTINCT m
    UNION
    MATCH (:Venue {id: id.venueId})<-[:AT_VENUE]-(m:Match)
    WHERE id.teams IS NULL
    RETURN m
    UNION
    MATCH (t:Tournament)<-[:IN_TOURNAMENT]-(m:Match)
    WHERE id.teams IS NULL AND id.venueId IS NULL AND id.competition IS NULL
      AND (t.id = id.tournamentId OR t.year IN id.tournamentYears OR (id.tournamentId IS NULL AND id.tournamentYears IS NULL))
    RETURN m
    UNION
    MATCH (m:Match {competition: id.competition})
    WHERE id.teams IS NULL AND id.venueId IS NULL
    RETURN m
  }
  OPTIONAL MATCH (t:Tournament {id: m.tournamentId})
  WITH id, m, t
  WHERE (CASE WHEN id.competition IS NULL THEN t IS NOT NULL ELSE m.competition = id.competition END)
    AND (id.tournamentId IS NULL OR t.id = id.tournamentId)
    AND (id.tournamentYears IS NULL OR t.year IN id.tournamentYears)
    AND (id.gender IS NULL OR coalesce(t.gender, 'MEN') = id.gender)
    AND (id.stage IS NULL OR m.stage = id.stage)
    AND (id.from IS NULL OR m.date >= id.from)
    AND (id.to IS NULL OR m.date <= id.to)
    AND (id.venueId IS NULL OR m.venueId = id.venueId)`,
  'm',
  'coalesce(m.date, toString(t.year))',
  matchRow,
);

/**
 * A venue's and a tournament's pages of World Cup matches: their nodes' own matches, none of the
 * filters of a root page, so a statement of one branch instead of `MATCH_PAGE`'s five (the venue's
 * page read ahead under its venue took a fifth less of Neo4j's CPU). Ordered as `MATCH_PAGE`
 * orders, so their cursors are the same.
 */
const VENUE_MATCH_PAGE = pagedQuery(
  'MATCH (:Venue {id: id.venueId})<-[:AT_VENUE]-(m:Match) WHERE m.tournamentId IS NOT NULL',
  'm',
  matchChronology('m'),
  matchRow,
);
const TOURNAMENT_MATCH_PAGE = pagedQuery(
  'MATCH (t:Tournament {id: id.tournamentId})<-[:IN_TOURNAMENT]-(m:Match)',
  'm',
  'coalesce(m.date, toString(t.year))',
  matchRow,
);

const PLAYER_PAGE = pagedQuery(
  // Candidates from the teams' squads, else the tournaments', else every player: a page of France's
  // 2018 squad tested every player of the graph for a squad place (555,325 db hits).
  `CALL (id) {
     MATCH (team:Team)<-[:FOR_TEAM]-(:Entry)<-[:IN_SQUAD]-(p:Player)
     WHERE team.id IN id.teams
     RETURN DISTINCT p
     UNION
     MATCH (tour:Tournament)<-[:IN_TOURNAMENT]-(:Entry)<-[:IN_SQUAD]-(p:Player)
     WHERE id.teams IS NULL AND tour.year IN id.tournamentYears
     RETURN DISTINCT p
     UNION
     MATCH (p:Player)
     WHERE id.teams IS NULL AND id.tournamentYears IS NULL
     RETURN p
   }
   WITH p
   WHERE (id.nameContains IS NULL OR any(k IN p.nameKeys WHERE k CONTAINS id.nameContains))
     AND ((id.teams IS NULL AND id.tournamentYears IS NULL AND id.gender IS NULL)
       OR EXISTS {
         MATCH (p)-[:IN_SQUAD]->(e:Entry)-[:FOR_TEAM]->(team:Team), (e)-[:IN_TOURNAMENT]->(tour:Tournament)
         WHERE (id.teams IS NULL OR team.id IN id.teams)
           AND (id.tournamentYears IS NULL OR tour.year IN id.tournamentYears)
           AND (id.gender IS NULL OR team.gender = id.gender) })`,
  'p',
  'p.name',
  personRow,
);

const PLAYER_NAME_PAGE = indexOrderedPage('Player', 'name', 'p', personRow);

const TEAM_PAGE = pagedQuery(
  `MATCH (t:Team)
   WHERE (id.nameContains IS NULL OR any(k IN t.nameKeys WHERE k CONTAINS id.nameContains))
     AND (id.gender IS NULL OR t.gender = id.gender)
     AND (id.confederation IS NULL OR toUpper(t.confederation) = id.confederation)`,
  't',
  't.name',
  teamRow,
);

const TOURNAMENT_PAGE = pagedQuery(
  'MATCH (t:Tournament) WHERE id.gender IS NULL OR t.gender = id.gender',
  't',
  // Positions carry the sort value as text; four-digit years compare as text as they do as numbers.
  // toInteger: a year written from JavaScript may be stored as a float, whose text is `1902.0`.
  'toString(toInteger(t.year))',
  tournamentRow,
);

/** Pages of lists (`matches`, `players`, `teams`, `tournaments` and the matches of a node), keyed by filter and window. */
export const pageLoaders = {
  matchPage: (env: LoaderEnv) => batchOne<PageRow<MatchRow>, PageKey>(env, ...MATCH_PAGE),
  /** A venue's matches (`venueId` and the window: the other fields of the key are null). */
  venueMatchPage: (env: LoaderEnv) => batchOne<PageRow<MatchRow>, PageKey>(env, ...VENUE_MATCH_PAGE),
  /** A tournament's matches (`tournamentId` and the window). */
  tournamentMatchPage: (env: LoaderEnv) => batchOne<PageRow<MatchRow>, PageKey>(env, ...TOURNAMENT_MATCH_PAGE),
  playerPage: (env: LoaderEnv) => batchOne<PageRow<PersonRow>, PageKey>(env, ...PLAYER_PAGE),
  /** Every player by name, no filter: the index-ordered read of the same page. */
  playerNamePage: (env: LoaderEnv) => batchOne<PageRow<PersonRow>, PageKey>(env, ...PLAYER_NAME_PAGE),
  teamPage: (env: LoaderEnv) => batchOne<PageRow<TeamRow>, PageKey>(env, ...TEAM_PAGE),
  tournamentPage: (env: LoaderEnv) => batchOne<PageRow<TournamentRow>, PageKey>(env, ...TOURNAMENT_PAGE),
} satisfies LoaderFactories;
