import type { FactBundle } from '../model/bundle';
import type { GraphTransaction } from '../driver/driver';
import { unsized } from '../driver/plan-cache';

/**
 * What must hold of the graph whatever the sources say, checked after every import and seed inside
 * its transaction (a violation rolls it back) and on demand over the whole graph (`npm run check:data`).
 * Each check yields one status per subject: `passed`, `violated`, or `unknown` where the data a check
 * needs is legitimately missing (a match without a score, a player without a birth date).
 */
export type InvariantStatus = 'passed' | 'unknown' | 'violated';

export interface InvariantResult {
  name: string;
  rule: string;
  counts: Record<InvariantStatus, number>;
  /** Up to a few subjects per status other than passed, each with the facts that decided it. */
  examples: { unknown: string[]; violated: string[] };
}

/** What an import touched: its checks read these matches, people and tournaments only. */
export interface InvariantScope {
  matchIds: string[];
  personIds: string[];
  tournamentIds: string[];
}

type Reader = (cypher: string, params: Record<string, unknown>) => Promise<Array<Record<string, unknown>>>;

interface Invariant {
  name: string;
  rule: string;
  /** Cypher returning `subject`, `status` and `facts` per subject, over the scope or (`whole`) the graph. */
  cypher(whole: boolean): string;
}

const matches = (whole: boolean) => (whole ? 'MATCH (m:Match)' : 'UNWIND $matchIds.items AS matchId MATCH (m:Match {id: matchId})');
/** The sources named in `statedBy` entries (`field@source`). */
const statingSources = (list: string) => `[entry IN coalesce(${list}, []) | substring(entry, size(split(entry, '@')[0]) + 1)]`;

/**
 * Most subjects pass: what only a report needs (the subject's name, the facts, a source-by-source
 * recount) is built for the others, so a check over an import's 10,000 matches costs the counting.
 */
const unlessPassed = (expression: string) => `CASE WHEN status = 'passed' THEN null ELSE ${expression} END`;

const INVARIANTS: readonly Invariant[] = [
  {
    name: 'goals equal the score',
    rule: "per match and team, the goals credited to the team (own goals count for the other side) equal its score, where a source states both",
    cypher: (whole) => `${matches(whole)}
      WITH m, COLLECT { MATCH (m)<-[:IN_MATCH]-(g:Goal) RETURN g.teamId } AS scoredFor
      WITH m, size(scoredFor) AS total,
           size([team IN scoredFor WHERE team = m.homeTeamId]) AS home, size([team IN scoredFor WHERE team = m.awayTeamId]) AS away
      WITH m, total, home, away,
        CASE WHEN m.homeScore IS NULL OR m.awayScore IS NULL THEN 'unknown'
             WHEN home = m.homeScore AND away = m.awayScore AND total = home + away THEN 'passed'
             WHEN total = 0 THEN 'unknown' END AS settled
      // A match whose goals do not add up reads them, in clock order, with the sources stating them.
      CALL (m, settled) {
        WITH m WHERE settled IS NULL
        MATCH (m)<-[:IN_MATCH]-(g:Goal)
        WITH g ORDER BY coalesce(g.minute, 0) + coalesce(g.addedTime, 0), g.id
        RETURN collect(g) AS goals
      }
      WITH m, total, home, away, settled, goals, CASE WHEN settled IS NULL THEN
             none(s IN ${statingSources('[e IN m.statedBy WHERE e STARTS WITH "homeScore@"]')}
                  WHERE s IN reduce(listing = [], g IN goals | listing + ${statingSources('g.statedBy')})) END AS noCommonSource
      WITH m, total, home, away, goals, noCommonSource, coalesce(settled, CASE WHEN noCommonSource THEN 'unknown' ELSE 'violated' END) AS status
      RETURN ${unlessPassed('m.id')} AS subject, status,
        ${unlessPassed(`CASE WHEN m.homeScore IS NULL OR m.awayScore IS NULL THEN 'no score'
             WHEN total = 0 THEN 'score ' + m.homeScore + '-' + m.awayScore + ', no source lists its goals'
             ELSE 'score ' + m.homeScore + '-' + m.awayScore + ', goals ' + home + '-' + away +
                  CASE WHEN total > home + away THEN ' and ' + (total - home - away) + ' for neither team' ELSE '' END +
                  CASE WHEN noCommonSource THEN ' (no source states both)' ELSE '' END +
                  ': ' + reduce(text = '', g IN goals | text + CASE WHEN text = '' THEN '' ELSE ', ' END +
                    coalesce(toString(g.minute), '?') + coalesce('+' + g.addedTime, '') + "' " + coalesce(g.scorerId, '?') +
                    CASE WHEN g.ownGoal THEN ' (own goal)' ELSE '' END + ' for ' + coalesce(g.teamId, '?')) END`)} AS facts`,
  },
  {
    name: 'at most 11 starters',
    rule: 'per match and team, at most 11 players start',
    // More than 11 where no source lists more than 11 is two sources naming a player the graph has
    // not joined into one person: a gap of person resolution, reported, not a line-up of 12.
    cypher: (whole) => `${matches(whole)}
      UNWIND [m.homeTeamId, m.awayTeamId] AS team
      OPTIONAL MATCH (e:Entry {id: m.tournamentId + '-' + team})
      WITH m, team, [(p:Player)-[r:PLAYED_IN]->(m) WHERE r.starter AND e IS NOT NULL AND (p)-[:IN_SQUAD]->(e) | {id: p.id, sources: r.sources}] AS starters
      WITH m, team, starters, CASE WHEN size(starters) > 11 THEN
             reduce(most = 0, source IN reduce(all = [], s IN starters | all + s.sources) |
               CASE WHEN size([s IN starters WHERE source IN s.sources]) > most THEN size([s IN starters WHERE source IN s.sources]) ELSE most END) END AS mostBySource
      WITH m, team, starters, mostBySource,
        CASE WHEN size(starters) = 0 THEN 'unknown' WHEN size(starters) <= 11 THEN 'passed' WHEN mostBySource <= 11 THEN 'unknown' ELSE 'violated' END AS status
      RETURN ${unlessPassed("m.id + ' (' + team + ')'")} AS subject, status,
        ${unlessPassed(`CASE WHEN size(starters) = 0 THEN 'no line-up'
             ELSE size(starters) + ' starters' +
               CASE WHEN mostBySource <= 11 THEN ' but no source lists more than ' + mostBySource + ' (players the sources name differently, not joined)' ELSE '' END +
               ':' + reduce(t = '', s IN starters | t + ' ' + s.id) END`)} AS facts`,
  },
  {
    name: 'substitutes come on once',
    rule: "a substitution's player on did not start and comes on once; a player goes off at most once",
    cypher: (whole) => `${matches(whole)}
      WITH m, [s IN COLLECT { MATCH (s:Substitution)-[:IN_MATCH]->(m) RETURN s } | {on: s.playerOnId, off: s.playerOffId, statedBy: s.statedBy}] AS subs
      WHERE size(subs) > 0
      WITH m, subs, [p IN reduce(seen = [], s IN subs | seen + CASE WHEN s.off IS NULL OR s.off IN seen THEN [] ELSE [s.off] END)
                     WHERE size([s IN subs WHERE s.off = p]) > 1] AS twiceOff
      // Whose sources state which substitution matters only to a player going off twice.
      WITH m, subs, twiceOff, CASE WHEN size(twiceOff) = 0 THEN [] ELSE [s IN subs | {off: s.off, sources: ${statingSources('s.statedBy')}}] END AS sourced
      WITH m, [p IN twiceOff WHERE any(source IN reduce(all = [], s IN sourced | all + s.sources) WHERE size([s IN sourced WHERE s.off = p AND source IN s.sources]) > 1) | p + ' goes off twice'] +
              [s IN subs WHERE EXISTS { (:Player {id: s.on})-[r:PLAYED_IN]->(m) WHERE r.starter } | s.on + ' started and comes on'] AS faults,
           [p IN twiceOff | p + ' goes off in two substitutions no one source states both of (players on the sources name differently, not joined)'] AS gaps
      WITH m, faults, gaps, CASE WHEN size(faults) > 0 THEN 'violated' WHEN size(gaps) > 0 THEN 'unknown' ELSE 'passed' END AS status
      RETURN ${unlessPassed('m.id')} AS subject, status,
        ${unlessPassed("reduce(t = '', f IN CASE WHEN size(faults) > 0 THEN faults ELSE gaps END | t + CASE WHEN t = '' THEN '' ELSE '; ' END + f)")} AS facts`,
  },
  {
    name: "appearances within the player's life",
    rule: "a player's appearance is dated 13 to 50 years after the player's birth",
    cypher: (whole) => `${whole ? 'MATCH (p:Player)-[:PLAYED_IN]->(m:Match)' : `CALL () {
        UNWIND $matchIds.items AS matchId MATCH (p:Player)-[:PLAYED_IN]->(m:Match {id: matchId}) RETURN p, m
        UNION
        UNWIND $personIds.items AS personId MATCH (p:Player {id: personId})-[:PLAYED_IN]->(m:Match) RETURN p, m
      }`}
      WITH p, m, CASE WHEN p.birthDate IS NULL OR m.date IS NULL THEN null ELSE duration.between(date(p.birthDate), date(m.date)).years END AS age
      WITH p, m, age, CASE WHEN age IS NULL THEN 'unknown' WHEN age >= 13 AND age < 50 THEN 'passed' ELSE 'violated' END AS status
      RETURN ${unlessPassed("p.id + ' in ' + m.id")} AS subject, status,
        ${unlessPassed(`CASE WHEN age IS NULL THEN CASE WHEN m.date IS NULL THEN 'match not dated' ELSE 'birth date unknown' END
             ELSE 'born ' + p.birthDate + ', played ' + m.date + ' (aged ' + age + ')' END`)} AS facts`,
  },
  {
    name: 'one node per id',
    rule: "a source's id of a person is one person (ids of the graph's own are unique by constraint)",
    // Grouping every key is cheap; looking each of an import's keys up would scan every person per key.
    cypher: () => `MATCH (p:Person) UNWIND coalesce(p.sourceKeys, []) AS key
      WITH key, collect(p.id) AS people
      WITH key, people, CASE WHEN size(people) = 1 THEN 'passed' ELSE 'violated' END AS status
      RETURN ${unlessPassed('key')} AS subject, status, ${unlessPassed("'held by ' + reduce(t = '', id IN people | t + ' ' + id)")} AS facts`,
  },
  {
    name: "tournaments in their matches' year",
    rule: "a tournament has a year, and every dated match of it is played in that year",
    cypher: (whole) => `${whole ? 'MATCH (t:Tournament)' : 'UNWIND $tournamentIds.items AS tournamentId MATCH (t:Tournament {id: tournamentId})'}
      WITH t, COLLECT { MATCH (m:Match)-[:IN_TOURNAMENT]->(t) WHERE m.date IS NOT NULL RETURN m } AS dated
      WITH t, dated, [m IN dated WHERE date(m.date).year <> t.year | m.id + ' on ' + m.date] AS outside
      WITH t, dated, outside, CASE WHEN t.year IS NULL OR size(outside) > 0 THEN 'violated' WHEN size(dated) = 0 THEN 'unknown' ELSE 'passed' END AS status
      RETURN ${unlessPassed('t.id')} AS subject, status,
        ${unlessPassed(`CASE WHEN t.year IS NULL THEN 'no year' WHEN size(dated) = 0 THEN 'no dated match'
             ELSE 'year ' + t.year + CASE WHEN size(outside) > 0 THEN ', matches ' + reduce(s = '', x IN outside[..3] | s + ' ' + x) ELSE '' END END`)} AS facts`,
  },
];

const EXAMPLES = 5;

/** Runs every invariant over `scope` (an import's) or, with none, the whole graph. */
export async function checkInvariants(read: Reader, scope?: InvariantScope): Promise<InvariantResult[]> {
  const params = scope
    ? { matchIds: unsized(scope.matchIds), personIds: unsized(scope.personIds), tournamentIds: unsized(scope.tournamentIds), examples: EXAMPLES }
    : { examples: EXAMPLES };
  const results: InvariantResult[] = [];
  for (const invariant of INVARIANTS) {
    const rows = await read(
      `CALL () { ${invariant.cypher(!scope)} }
       WITH status, count(*) AS n, collect(CASE WHEN subject IS NOT NULL THEN {subject: subject, facts: facts} END) AS reported
       // The longest facts first: a reason says more than "no line-up", the commonest unknown.
       RETURN status, n, COLLECT {
         UNWIND reported AS report
         RETURN report.subject + ': ' + report.facts ORDER BY size(report.facts) DESC, report.subject LIMIT $examples
       } AS examples`,
      params,
    );
    const counts: Record<InvariantStatus, number> = { passed: 0, unknown: 0, violated: 0 };
    const examples = { unknown: [] as string[], violated: [] as string[] };
    for (const row of rows) {
      const status = row.status as InvariantStatus;
      counts[status] = Number(row.n);
      if (status !== 'passed') examples[status] = row.examples as string[];
    }
    results.push({ name: invariant.name, rule: invariant.rule, counts, examples });
  }
  return results;
}

/** A write that would leave the graph breaking an invariant: names each broken one and its facts. */
export class InvariantViolationError extends Error {
  readonly code = 'INVARIANT_VIOLATED';

  constructor(readonly violations: InvariantResult[]) {
    super(
      `the import would break ${violations.length === 1 ? 'an invariant' : `${violations.length} invariants`}, so nothing was written:\n` +
        violations.map((v) => `- ${v.name} (${v.rule}): ${v.counts.violated} violated, e.g. ${v.examples.violated.join('; ')}`).join('\n'),
    );
    this.name = 'InvariantViolationError';
  }
}

/** The matches, people and tournaments a bundle writes about. */
export function invariantScope(bundle: FactBundle): InvariantScope {
  const matchIds = new Set<string>(bundle.matches.map((m) => m.id));
  for (const kind of ['goals', 'substitutions', 'bookings', 'appearances'] as const) {
    for (const record of bundle[kind] as Array<{ matchId: string }>) matchIds.add(record.matchId);
  }
  return {
    matchIds: [...matchIds],
    personIds: bundle.people.map((p) => p.id),
    // A match of another competition than the World Cup has no tournament.
    tournamentIds: [...new Set([...bundle.tournaments.map((t) => t.id), ...bundle.matches.flatMap((m) => (m.tournamentId ? [m.tournamentId] : []))])],
  };
}

/** Checks, in the write's own transaction, what it touched; throws (rolling it back) on a violation. */
export async function assertInvariants(tx: GraphTransaction, bundle: FactBundle): Promise<void> {
  const results = await checkInvariants((cypher, params) => tx.run(cypher, params), invariantScope(bundle));
  const violated = results.filter((result) => result.counts.violated > 0);
  if (violated.length > 0) throw new InvariantViolationError(violated);
}
