import type { Gender } from '../../model/identity';
import { matchChronology, RowProjection } from '../loaders/projections';
import { batchMany, loadByParams, type GraphReader, type LoaderEnv } from '../loaders/batched-loader';
import type { ReadAhead } from '../loaders/look-ahead';

/** Filters with every name already resolved to an id; null means "any". */
export interface AssistFilterIds {
  tournamentYears?: readonly number[] | null;
  gender?: Gender | null;
  teamId?: string | null;
  assisterId?: string | null;
  scorerId?: string | null;
  matchId?: string | null;
}

export interface AssistLinkRow {
  assisterId: string;
  scorerId: string;
  count: number;
  /** In the order they were scored. */
  goalIds: string[];
}

/** A pair's row, from its two players and the ids of their goals. */
const LINK = new RowProjection((assister: string, scorer: string, goalIds: string) => ({
  assisterId: `${assister}.id`, scorerId: `${scorer}.id`, count: `size(${goalIds})`, goalIds,
})).at('assister', 'scorer', 'goalIds');

/**
 * Who set up whom, counted over goals; an own goal credits no assist. Each filter is either null
 * (ignored) or compared, so one statement serves every combination, and every `assists` of a
 * request is one statement. LIMIT cannot depend on a row, so each list is cut from its ranking.
 * The pairs keep their players' nodes to the row, which a look-ahead then reads names from in place.
 */
const ASSIST_LINKS = `
UNWIND $ids.items AS id
CALL (id) {
  MATCH (assister:Player)-[:ASSISTED]->(g:Goal)<-[:SCORED]-(scorer:Player)
  WHERE NOT coalesce(g.ownGoal, false)
    AND (id.assisterId IS NULL OR assister.id = id.assisterId)
    AND (id.scorerId IS NULL OR scorer.id = id.scorerId)
    AND (id.teamId IS NULL OR EXISTS { (g)-[:FOR_TEAM]->(:Team {id: id.teamId}) })
  MATCH (g)-[:IN_MATCH]->(m:Match)-[:IN_TOURNAMENT]->(t:Tournament)
  WHERE (id.matchId IS NULL OR m.id = id.matchId)
    AND (id.years IS NULL OR t.year IN id.years)
    AND (id.gender IS NULL OR t.gender = id.gender)
  WITH assister, scorer, g ORDER BY ${matchChronology('m')}, m.id, g.sequence
  WITH assister, scorer, collect(g.id) AS goalIds
  ORDER BY size(goalIds) DESC, assister.name, scorer.name
  WITH collect({assister: assister, scorer: scorer, goalIds: goalIds}) AS links
  UNWIND links[..id.first] AS link
  WITH link.assister AS assister, link.scorer AS scorer, link.goalIds AS goalIds
  RETURN ${LINK.list} AS link
}
RETURN id.key AS key, link AS value`;

type AssistParams = {
  years: readonly number[] | null;
  gender: Gender | null;
  teamId: string | null;
  assisterId: string | null;
  scorerId: string | null;
  matchId: string | null;
  first: number;
};

/**
 * Assist links, most frequent pair first; one loader per request like every other. `ahead` reads
 * the links' players and goals in the same statement (src/schema/selection-read-ahead.ts, `AssistLink`).
 */
export function createAssistLinksLoader(
  env: GraphReader | LoaderEnv,
): (filter: AssistFilterIds, first: number, ahead?: ReadAhead) => Promise<AssistLinkRow[]> {
  const load = loadByParams(
    batchMany<AssistLinkRow, AssistParams & { key: string }>(env, ASSIST_LINKS, {
      ...LINK,
      binds: { assisterId: { variable: 'assister', loader: 'player' }, scorerId: { variable: 'scorer', loader: 'player' } },
    }),
  );
  return (filter, first, ahead) =>
    load({
      years: filter.tournamentYears ?? null,
      gender: filter.gender ?? null,
      teamId: filter.teamId ?? null,
      assisterId: filter.assisterId ?? null,
      scorerId: filter.scorerId ?? null,
      matchId: filter.matchId ?? null,
      first,
    }, ahead);
}

/** How far assists are known at one World Cup, within a filter. */
export interface AssistCoverageRow {
  tournamentId: string;
  tournamentYear: number;
  gender: Gender;
  /** Goals in the filter, own goals left out (they credit no assist). */
  goals: number;
  /** Of those, goals with an assister or from a source that records assists (`Source.recordsAssists`). */
  goalsWithAssistData: number;
  /** The sources the assist data of these goals comes from. */
  sourceIds: string[];
}

/**
 * Per tournament, how many goals have assist data: an assister named by some source, or a source
 * that records assists covering the goal (Wyscout's goal without an assister is "no assist", not
 * "unknown"). One statement for every coverage of a request.
 */
const ASSIST_COVERAGE = `
UNWIND $ids.items AS id
CALL (id) {
  MATCH (t:Tournament)
  WHERE (id.tournamentId IS NULL OR t.id = id.tournamentId)
    AND (id.years IS NULL OR t.year IN id.years)
    AND (id.gender IS NULL OR t.gender = id.gender)
  MATCH (g:Goal)-[:IN_MATCH]->(m:Match)-[:IN_TOURNAMENT]->(t)
  WHERE NOT coalesce(g.ownGoal, false)
    AND (id.matchId IS NULL OR m.id = id.matchId)
    AND (id.teamId IS NULL OR EXISTS { (g)-[:FOR_TEAM]->(:Team {id: id.teamId}) })
  WITH t, g,
       COLLECT { MATCH (g)-[:SOURCED_FROM]->(s:Source) WHERE s.recordsAssists RETURN s.id } +
       COLLECT { MATCH (g)<-[a:ASSISTED]-() UNWIND a.sources AS sourceId RETURN sourceId } AS assistSources
  WITH t, count(g) AS goals, sum(CASE WHEN size(assistSources) > 0 THEN 1 ELSE 0 END) AS covered,
       collect(assistSources) AS perGoal
  ORDER BY t.year, t.gender
  RETURN {tournamentId: t.id, tournamentYear: t.year, gender: t.gender, goals: goals, goalsWithAssistData: covered,
          sourceIds: COLLECT { UNWIND perGoal AS sources UNWIND sources AS sourceId RETURN DISTINCT sourceId ORDER BY sourceId }} AS coverage
}
RETURN id.key AS key, coverage AS value`;

type CoverageParams = { tournamentId: string | null; years: readonly number[] | null; gender: Gender | null; teamId: string | null; matchId: string | null };

/** Assist coverage per tournament for a filter (or one tournament), one statement per request. */
export function createAssistCoverageLoader(
  env: GraphReader | LoaderEnv,
): (filter: Pick<AssistFilterIds, 'tournamentYears' | 'gender' | 'teamId' | 'matchId'> & { tournamentId?: string | null }) => Promise<AssistCoverageRow[]> {
  const load = loadByParams(batchMany<AssistCoverageRow, CoverageParams & { key: string }>(env, ASSIST_COVERAGE));
  return (filter) =>
    load({
      tournamentId: filter.tournamentId ?? null,
      years: filter.tournamentYears ?? null,
      gender: filter.gender ?? null,
      teamId: filter.teamId ?? null,
      matchId: filter.matchId ?? null,
    });
}
