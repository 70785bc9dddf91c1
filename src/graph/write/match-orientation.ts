import type { FactBundle, MatchRecord, StatementSources } from '../model/bundle';
import { bestSourceOf, compareRankedSources } from './dispute-ranking';
import type { GraphTransaction } from '../driver/driver';
import type { GraphEntity, GraphState } from './graph-state';
import { assertionId, assertionSourceOf } from '../model/identity';
import { unsized } from '../driver/plan-cache';

/** A match's properties that belong to one side, home first. */
const SIDES = [
  ['homeTeamId', 'awayTeamId'], ['homeScore', 'awayScore'], ['homeScore90', 'awayScore90'], ['homePenalties', 'awayPenalties'],
] as const;

/** Each one-sided property and field by its other side's name. */
const OTHER_SIDE = new Map<string, string>(SIDES.flatMap(([home, away]) => [[home, away], [away, home]]));
const otherSide = (field: string) => OTHER_SIDE.get(field) ?? field;

/** Turns a match record round: the away side becomes the home side, with its scores. */
export function turnRound(match: MatchRecord): void {
  const record = match as unknown as Record<string, unknown>;
  for (const [home, away] of SIDES) [record[home], record[away]] = [record[away], record[home]];
}

/** The graph's match lists the record's teams the other way round. */
export const heldTurned = (held: GraphEntity | undefined, match: MatchRecord) => held?.targets.HOME_TEAM?.[0] === match.awayTeamId;

/**
 * A match takes the orientation of the best-ranked source stating it (the World Cup data sets'
 * rather than the results list's), whichever was loaded first: the bundle's matches that the graph
 * holds the other way round, stated there only by worse-ranked sources, are turned round in `state`
 * (teams, one-sided fields, their Assertions and `statedBy`). Returns their ids, for
 * `turnMatchesRound` to do the same to the graph before the bundle is written; the reconciler turns
 * the other records to the graph's orientation.
 */
export function turnOutranked(bundle: FactBundle, state: GraphState, statementSources: StatementSources): string[] {
  const turned: string[] = [];
  for (const match of bundle.matches) {
    const held = state.entities.get(match.id);
    if (!held || !heldTurned(held, match)) continue;
    const stating = statementSources(match.sources);
    const holding = [...new Set(held.statedBy.map((entry) => entry.slice(entry.indexOf('@') + 1)))].filter((source) => !stating.includes(source));
    if (stating.length === 0) continue;
    if (compareRankedSources(bestSourceOf(stating, state.sources), bestSourceOf(holding, state.sources)) > 0) continue;
    turnHeld(held);
    turned.push(match.id);
  }
  return turned;
}

function turnHeld(held: GraphEntity): void {
  [held.targets.HOME_TEAM, held.targets.AWAY_TEAM] = [held.targets.AWAY_TEAM!, held.targets.HOME_TEAM!];
  for (const [home, away] of SIDES) [held.props[home], held.props[away]] = [held.props[away], held.props[home]];
  held.statedBy = turnedStatedBy(held.statedBy);
  held.props.statedBy = held.statedBy;
  for (const assertion of held.assertions) {
    assertion.field = otherSide(assertion.field);
    assertion.id = assertionId(held.id, assertion.field, assertionSourceOf(assertion.id));
  }
}

const turnedStatedBy = (statedBy: readonly string[]) =>
  [...new Set(statedBy.map((entry) => `${otherSide(entry.slice(0, entry.indexOf('@')))}${entry.slice(entry.indexOf('@'))}`))].sort();

/** Cypher: swaps each one-sided property of `m` with its other side's, read from `p` (static text). */
const SWAP_SIDES = SIDES.flatMap(([home, away]) => [`m.${home} = p.${away}`, `m.${away} = p.${home}`]).join(', ');

/**
 * Turns the graph's matches round, in the transaction that writes the bundle `turnOutranked` turned
 * them for: the team edges, the one-sided properties, `statedBy` and the one-sided Assertions
 * (renamed through a provisional id, as a home and an away Assertion swap ids).
 */
export async function turnMatchesRound(tx: GraphTransaction, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx.run<{ id: string; statedBy: string[]; assertions: Array<[string, string]> }>(
    `UNWIND $ids.items AS id
     MATCH (m:Match {id: id})-[h:HOME_TEAM]->(home:Team), (m)-[a:AWAY_TEAM]->(away:Team)
     DELETE h, a
     CREATE (m)-[:HOME_TEAM]->(away), (m)-[:AWAY_TEAM]->(home)
     WITH m, properties(m) AS p
     SET ${SWAP_SIDES}
     RETURN m.id AS id, coalesce(m.statedBy, []) AS statedBy,
            COLLECT { MATCH (m)-[:HAS_ASSERTION]->(s:Assertion) WHERE s.field IN $fields RETURN [s.id, s.field] } AS assertions`,
    { ids: unsized(ids), fields: [...OTHER_SIDE.keys()] },
  );
  const renamed = rows.flatMap((row) => row.assertions.map(([id, field]) => ({
    from: id, field: otherSide(field), to: assertionId(row.id, otherSide(field), assertionSourceOf(id)),
  })));
  await tx.run('UNWIND $rows AS row MATCH (m:Match {id: row.id}) SET m.statedBy = row.statedBy', {
    rows: rows.map((row) => ({ id: row.id, statedBy: turnedStatedBy(row.statedBy) })),
  });
  await tx.run("UNWIND $renamed AS r MATCH (s:Assertion {id: r.from}) SET s.id = r.to + '~'", { renamed });
  await tx.run("UNWIND $renamed AS r MATCH (s:Assertion {id: r.to + '~'}) SET s.id = r.to, s.field = r.field", { renamed });
}
