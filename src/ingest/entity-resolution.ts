import type { AssertionRecord, FactBundle, GoalRecord, MatchRecord, PersonRecord, SourceRecord } from '../graph/bundle';
import type { GraphClient } from '../graph/driver';
import { assertionId, nameKeys, normalizeName, slugify } from '../graph/identity';

/**
 * Entity resolution across sources: which person, team or match a source row is about, by the
 * rules of schema/model.md. Ids of teams, matches and goals follow from canonical names
 * (`canonicalTeamName` + identity.ts); people need a decision, made by `PersonResolver`; values the
 * graph already holds from another source are compared by `reconcileWithGraph`.
 */

/**
 * Spellings of the same national team across sources, keyed by normalised name, mapped to the name
 * team ids are built from (Fjelstul's, which covers 1930-2022). Successor states that FIFA treats as
 * the same team under another name (Zaire / DR Congo, West Germany / Germany) stay apart: the
 * sources themselves keep them apart.
 */
const TEAM_SPELLINGS: Record<string, string> = {
  usa: 'United States',
  'united states of america': 'United States',
  'bosnia herzegovina': 'Bosnia and Herzegovina',
  'korea republic': 'South Korea',
  'korea dpr': 'North Korea',
  czechia: 'Czech Republic',
  'ir iran': 'Iran',
  turkiye: 'Turkey',
  'cote d ivoire': 'Ivory Coast',
  'china pr': 'China',
  'cabo verde': 'Cape Verde',
  'congo dr': 'DR Congo',
  ireland: 'Republic of Ireland',
};

export function canonicalTeamName(name: string): string {
  return TEAM_SPELLINGS[normalizeName(name)] ?? name.trim();
}

export interface PersonCandidate {
  /** Display form, given name first: "Enzo Fernández". */
  name: string;
  /** Other spellings of the same source, e.g. "Fernández, Enzo". */
  aliases: string[];
  birthDate: string | null;
  /** Teams the source places the person in (squads, managed matches): the tie-breaker for namesakes. */
  teamIds: string[];
  role: 'Player' | 'Coach';
  nationality?: string | null;
  sourceId: string;
  /**
   * The row's key in its source, stable across releases and years, `{keySpace}:{key}` such as
   * `fjelstul-worldcup/players:P-14758`; kept on the node (`sourceKeys`) so that a re-import finds
   * the same person again instead of deciding anew.
   */
  ref: string;
  /** Rows of one key space with different keys are different people (`fjelstul-worldcup/players`). */
  keySpace: string;
}

/** A person the graph already holds, as `loadKnownPeople` reads it. */
export interface KnownPerson {
  id: string;
  name: string;
  birthDate: string | null;
  nameKeys: string[];
  teamIds: string[];
  sourceKeys: string[];
}

export interface AmbiguousPerson {
  ref: string;
  name: string;
  /** The id the row was given: its own node, never one of the candidates. */
  id: string;
  candidates: string[];
  reason: string;
}

export interface PersonResolutionReport {
  /** New people. */
  created: number;
  /** Rows that landed on a person of the graph or of an earlier row of this import. */
  merged: number;
  /** Merged although the spelling differs: same birth date, same team, a shared name part. */
  mergedBySpelling: Array<{ ref: string; name: string; id: string }>;
  ambiguous: AmbiguousPerson[];
}

interface ResolvedPerson {
  id: string;
  name: string;
  birthDate: string | null;
  keys: Set<string>;
  teamIds: Set<string>;
  sourceKeys: Set<string>;
  /** The record this import writes for the person; absent while only the graph knows them. */
  record?: PersonRecord;
}

/**
 * Decides, row by row, whether a person is one already known (to the graph or to this import) or
 * a new one. Rules, in order:
 * 1. same normalised name and same birth date: the same person;
 * 2. same name, one birth date unknown, and a team in common: the same person (the seed's
 *    `enzo-fernandez` of Argentina and Fjelstul's Enzo Fernández of Argentina, born 2001-01-17);
 * 0. a row whose source key the graph already holds (`sourceKeys`) is that person: re-imports;
 * 3. same birth date, a team in common, and one name the other with parts left out: the same
 *    person under another spelling ("Alisson" / "Alisson Becker"), listed in `mergedBySpelling`;
 * 4. anything else that shares the name is a different person; when it cannot be told apart by
 *    birth date (one is unknown and no team is shared), it is listed as ambiguous, never merged.
 * New people get the slug of their name, or `-{birthYear}` (then `-2`, `-3`) when that is taken.
 */
export class PersonResolver {
  private readonly byKey = new Map<string, ResolvedPerson[]>();
  private readonly byBirthDate = new Map<string, ResolvedPerson[]>();
  private readonly byId = new Map<string, ResolvedPerson>();
  private readonly bySourceKey = new Map<string, ResolvedPerson>();
  private readonly report: PersonResolutionReport = { created: 0, merged: 0, mergedBySpelling: [], ambiguous: [] };

  /** `reservedIds`: ids of other entities, which a person's id must not take. */
  constructor(known: readonly KnownPerson[], private readonly reservedIds: ReadonlySet<string> = new Set()) {
    for (const person of known) {
      this.index({
        id: person.id,
        name: person.name,
        birthDate: person.birthDate,
        keys: new Set(person.nameKeys.length > 0 ? person.nameKeys : nameKeys([person.name])),
        teamIds: new Set(person.teamIds),
        sourceKeys: new Set(person.sourceKeys),
      });
    }
  }

  resolve(candidate: PersonCandidate): string {
    const keys = nameKeys([candidate.name, ...candidate.aliases]);
    const known = this.bySourceKey.get(candidate.ref);
    // Two rows of one source with different keys are two people (the Degen twins share a birth
    // date, a team and a family name), so they never count as namesakes of each other.
    const sourcePrefix = `${candidate.keySpace}:`;
    const namesakes = this.namesakes(keys).filter((p) => ![...p.sourceKeys].some((k) => k.startsWith(sourcePrefix)));
    const decision = known ? { person: known } : this.decide(candidate, keys, namesakes);
    const person = decision.person ?? this.create(candidate, keys);
    if (decision.person) {
      this.report.merged++;
      if (decision.bySpelling) this.report.mergedBySpelling.push({ ref: candidate.ref, name: candidate.name, id: person.id });
    } else {
      this.report.created++;
      if (decision.ambiguous) {
        this.report.ambiguous.push({
          ref: candidate.ref,
          name: candidate.name,
          id: person.id,
          candidates: decision.ambiguous.map((p) => p.id),
          reason: decision.reason ?? 'same name, cannot be told apart',
        });
      }
    }
    this.absorb(person, candidate, keys);
    return person.id;
  }

  /** The people this import writes, each once, with every spelling and source it saw. */
  records(): PersonRecord[] {
    return [...this.byId.values()].flatMap((person) => (person.record ? [person.record] : []));
  }

  summary(): PersonResolutionReport {
    return this.report;
  }

  private decide(
    candidate: PersonCandidate,
    keys: readonly string[],
    namesakes: ResolvedPerson[],
  ): { person?: ResolvedPerson; bySpelling?: boolean; ambiguous?: ResolvedPerson[]; reason?: string } {
    const teams = new Set(candidate.teamIds);
    const sharesTeam = (person: ResolvedPerson) => [...person.teamIds].some((team) => teams.has(team));
    if (candidate.birthDate) {
      const sameBirth = namesakes.filter((p) => p.birthDate === candidate.birthDate);
      if (sameBirth.length === 1) return { person: sameBirth[0] };
      if (sameBirth.length > 1) return { ambiguous: sameBirth, reason: 'several people share this name and birth date' };
    }
    const undated = namesakes.filter((p) => !p.birthDate || !candidate.birthDate);
    const teammates = undated.filter(sharesTeam);
    if (teammates.length === 1) return { person: teammates[0] };
    if (teammates.length > 1) return { ambiguous: teammates, reason: 'several people of this name played for the same team' };
    if (candidate.birthDate) {
      const sourcePrefix = `${candidate.keySpace}:`;
      const respelt = (this.byBirthDate.get(candidate.birthDate) ?? []).filter(
        (p) => sharesTeam(p) && ![...p.sourceKeys].some((k) => k.startsWith(sourcePrefix)) && isShortFormOf(p.keys, keys),
      );
      if (respelt.length === 1) return { person: respelt[0], bySpelling: true };
    }
    if (undated.length > 0) {
      return { ambiguous: undated, reason: 'same name, a birth date is unknown and no team in common' };
    }
    return {};
  }

  private namesakes(keys: readonly string[]): ResolvedPerson[] {
    const found = new Set<ResolvedPerson>();
    for (const key of keys) for (const person of this.byKey.get(key) ?? []) found.add(person);
    return [...found];
  }

  private create(candidate: PersonCandidate, keys: readonly string[]): ResolvedPerson {
    const person: ResolvedPerson = {
      id: this.freeId(candidate),
      name: candidate.name,
      birthDate: candidate.birthDate,
      keys: new Set(keys),
      teamIds: new Set(),
      sourceKeys: new Set(),
    };
    this.index(person);
    return person;
  }

  private freeId(candidate: PersonCandidate): string {
    const base = slugify(candidate.name);
    const taken = (id: string) => this.byId.has(id) || this.reservedIds.has(id);
    if (!taken(base)) return base;
    const year = candidate.birthDate?.slice(0, 4);
    if (year && !taken(`${base}-${year}`)) return `${base}-${year}`;
    for (let n = 2; ; n++) if (!taken(`${base}-${n}`)) return `${base}-${n}`;
  }

  /** Folds the row into the person: spellings, teams, a birth date the graph lacked, role, source. */
  private absorb(person: ResolvedPerson, candidate: PersonCandidate, keys: readonly string[]): void {
    for (const key of keys) {
      if (!person.keys.has(key)) {
        person.keys.add(key);
        push(this.byKey, key, person);
      }
    }
    candidate.teamIds.forEach((team) => person.teamIds.add(team));
    person.sourceKeys.add(candidate.ref);
    this.bySourceKey.set(candidate.ref, person);
    if (!person.birthDate && candidate.birthDate) {
      person.birthDate = candidate.birthDate;
      push(this.byBirthDate, candidate.birthDate, person);
    }
    const record = (person.record ??= {
      id: person.id,
      // The graph's name stays the display name; this source's spelling becomes an alias.
      name: person.name,
      roles: [],
      birthDate: null,
      nationality: null,
      aliases: [],
      sources: [],
      sourceKeys: [],
    });
    record.birthDate = person.birthDate;
    record.nationality ??= candidate.nationality ?? null;
    addOnce(record.roles, candidate.role);
    addOnce(record.sources, candidate.sourceId);
    addOnce(record.sourceKeys!, candidate.ref);
    for (const alias of [candidate.name, ...candidate.aliases]) addOnce(record.aliases, alias);
  }

  private index(person: ResolvedPerson): void {
    this.byId.set(person.id, person);
    for (const key of person.sourceKeys) this.bySourceKey.set(key, person);
    for (const key of person.keys) push(this.byKey, key, person);
    if (person.birthDate) push(this.byBirthDate, person.birthDate, person);
  }
}

/**
 * One spelling is the other with parts left out ("Alisson" / "Alisson Becker", "Nelson Valdez" /
 * "Nelson Haedo Valdez"); "Anton Miranchuk" and "Aleksei Miranchuk" are not.
 */
function isShortFormOf(known: ReadonlySet<string>, candidate: readonly string[]): boolean {
  const parts = (key: string) => key.split(' ').filter((part) => part.length >= 3);
  return [...known].some((a) =>
    candidate.some((b) => {
      const [short, long] = parts(a).length <= parts(b).length ? [parts(a), new Set(parts(b))] : [parts(b), new Set(parts(a))];
      return short.length > 0 && short.every((part) => long.has(part));
    }),
  );
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function addOnce<T>(list: T[], value: T): void {
  if (!list.includes(value)) list.push(value);
}

/** Every person of the graph with the teams they are placed in, for `PersonResolver`. */
export async function loadKnownPeople(graph: GraphClient): Promise<KnownPerson[]> {
  return graph.read<KnownPerson>(
    `MATCH (p:Person)
     RETURN p.id AS id, p.name AS name, p.birthDate AS birthDate, coalesce(p.nameKeys, []) AS nameKeys,
            COLLECT { MATCH (p)-[:IN_SQUAD|COACH_OF]->(t:Team) RETURN DISTINCT t.id } +
            COLLECT { MATCH (p)-[r:PLAYED_IN|MANAGED]->(:Match) WHERE r.teamId IS NOT NULL RETURN DISTINCT r.teamId } AS teamIds,
            coalesce(p.sourceKeys, []) AS sourceKeys`,
  );
}

/** Ids of every entity other than people, which a new person's id must not reuse. */
export async function loadOtherEntityIds(graph: GraphClient): Promise<Set<string>> {
  const rows = await graph.read<{ id: string }>('MATCH (n:Entity) WHERE NOT n:Person RETURN n.id AS id');
  return new Set(rows.map((row) => row.id));
}

interface GraphMatch {
  id: string;
  homeTeamId: string | null;
  values: Record<string, unknown>;
  sources: SourceRef[];
  assertions: GraphAssertion[];
}

interface GraphGoal extends GraphMatch {
  scorerId: string | null;
}

interface SourceRef {
  id: string;
  kind: string | null;
}

interface GraphAssertion {
  id: string;
  field: string;
  value: string;
  valueType: AssertionRecord['valueType'];
  reason: string | null;
  sources: string[];
}

/** Matches and goals of the graph that this bundle also describes, with their sources and Assertions. */
export async function loadOverlap(graph: GraphClient, bundle: FactBundle): Promise<{ matches: GraphMatch[]; goals: GraphGoal[] }> {
  const matchIds = bundle.matches.map((m) => m.id);
  const goalIds = bundle.goals.map((g) => g.id);
  const [matches, goals] = await Promise.all([
    graph.read<GraphMatch>(
      `UNWIND $ids AS id
       MATCH (m:Match {id: id})
       OPTIONAL MATCH (m)-[:HOME_TEAM]->(home:Team)
       RETURN m.id AS id, home.id AS homeTeamId, properties(m) AS values,
              COLLECT { MATCH (m)-[:SOURCED_FROM]->(s:Source) RETURN {id: s.id, kind: s.kind} } AS sources,
              COLLECT { MATCH (m)-[:HAS_ASSERTION]->(a:Assertion)
                        RETURN {id: a.id, field: a.field, value: a.value, valueType: a.valueType, reason: a.reason,
                                sources: COLLECT { MATCH (a)-[:SOURCED_FROM]->(s:Source) RETURN s.id }} } AS assertions`,
      { ids: matchIds },
    ),
    graph.read<GraphGoal>(
      `UNWIND $ids AS id
       MATCH (g:Goal {id: id})
       OPTIONAL MATCH (scorer:Player)-[:SCORED]->(g)
       RETURN g.id AS id, null AS homeTeamId, scorer.id AS scorerId, properties(g) AS values,
              COLLECT { MATCH (g)-[:SOURCED_FROM]->(s:Source) RETURN {id: s.id, kind: s.kind} } AS sources,
              COLLECT { MATCH (g)-[:HAS_ASSERTION]->(a:Assertion)
                        RETURN {id: a.id, field: a.field, value: a.value, valueType: a.valueType, reason: a.reason,
                                sources: COLLECT { MATCH (a)-[:SOURCED_FROM]->(s:Source) RETURN s.id }} } AS assertions`,
      { ids: goalIds },
    ),
  ]);
  return { matches, goals };
}

export interface Conflict {
  subjectId: string;
  field: string;
  values: Array<{ value: string; sources: string[]; preferred: boolean }>;
}

/** How a disputed field is compared and written back. */
interface FieldRule<R> {
  field: string;
  valueType: AssertionRecord['valueType'];
  /** This record's value in string form; null when the source does not state it. */
  read(record: R): string | null;
  /** The graph node's current value in the same form. */
  readGraph(node: GraphMatch | GraphGoal): string | null;
  /** Writes the preferred value into the record, so that the node property ends up preferred. */
  apply(record: R, value: string): void;
}

const minuteLabel = (minute: unknown, addedTime: unknown) =>
  minute === null || minute === undefined ? null : `${minute}${addedTime ? `+${addedTime}` : ''}`;

const GOAL_RULES: Array<FieldRule<GoalRecord>> = [
  {
    field: 'minute',
    valueType: 'string',
    read: (goal) => minuteLabel(goal.minute, goal.addedTime),
    readGraph: (node) => minuteLabel(node.values.minute, node.values.addedTime),
    apply(goal, value) {
      const [minute, added] = value.split('+');
      goal.minute = Number(minute);
      goal.addedTime = added === undefined ? null : Number(added);
    },
  },
  {
    field: 'scorer',
    valueType: 'string',
    read: (goal) => goal.scorerId,
    readGraph: (node) => (node as GraphGoal).scorerId,
    apply(goal, value) {
      goal.scorerId = value;
    },
  },
];

const scoreRule = (field: 'homeScore' | 'awayScore' | 'homeScore90' | 'awayScore90' | 'homePenalties' | 'awayPenalties'): FieldRule<MatchRecord> => ({
  field,
  valueType: 'int',
  read: (match) => (match[field] === null || match[field] === undefined ? null : String(match[field])),
  readGraph: (node) => (node.values[field] === null || node.values[field] === undefined ? null : String(node.values[field])),
  apply(match, value) {
    match[field] = Number(value);
  },
});
const MATCH_RULES = (['homeScore', 'awayScore', 'homeScore90', 'awayScore90', 'homePenalties', 'awayPenalties'] as const).map(scoreRule);

/**
 * Preference between versions of a value (schema/model.md, "Disputed values"): a structured data
 * set over prose; between data sets, Fjelstul's (minute and stoppage time as separate, checked
 * columns) over openfootball's; otherwise the version the graph held first. Returns the rank: lower wins.
 */
function sourceRank(source: SourceRef): number {
  if (source.id === 'fjelstul-worldcup') return 0;
  if (source.kind === 'dataset') return 1;
  return 2;
}

const PREFERENCE_REASON: Record<number, string> = {
  0: 'preferred: a structured data set (Fjelstul: regulation minute and stoppage time kept apart)',
  1: 'preferred: a structured data set over prose',
  2: 'preferred: the match report (no structured data set states this value)',
};

/**
 * Compares the bundle's matches and goals with what the graph holds under the same ids. A match
 * the graph lists the other way round is turned round (home/away follow the first source). Every
 * field the sources disagree on gets one Assertion per source, the preferred value goes into the
 * record (so the node property is the preferred one), and the conflict is returned for the summary.
 */
export function reconcileWithGraph(
  bundle: FactBundle,
  overlap: { matches: GraphMatch[]; goals: GraphGoal[] },
  source: SourceRecord,
): Conflict[] {
  const conflicts: Conflict[] = [];
  const matches = new Map(overlap.matches.map((m) => [m.id, m]));
  const goals = new Map(overlap.goals.map((g) => [g.id, g]));
  for (const match of bundle.matches) {
    const existing = matches.get(match.id);
    if (!existing) continue;
    if (existing.homeTeamId === match.awayTeamId) turnRound(match);
    conflicts.push(...reconcileRecord(bundle, match, existing, MATCH_RULES, source));
  }
  for (const goal of bundle.goals) {
    const existing = goals.get(goal.id);
    if (existing) conflicts.push(...reconcileRecord(bundle, goal, existing, GOAL_RULES, source));
  }
  return conflicts;
}

function turnRound(match: MatchRecord): void {
  [match.homeTeamId, match.awayTeamId] = [match.awayTeamId, match.homeTeamId];
  [match.homeScore, match.awayScore] = [match.awayScore, match.homeScore];
  [match.homeScore90, match.awayScore90] = [match.awayScore90, match.homeScore90];
  [match.homePenalties, match.awayPenalties] = [match.awayPenalties, match.homePenalties];
}

interface Version {
  value: string;
  sources: string[];
  valueType: AssertionRecord['valueType'];
}

/** Assertions are one per source; sources stating the same value are one version. */
function groupByValue(assertions: ReadonlyArray<Version>): Version[] {
  const byValue = new Map<string, Version>();
  for (const { value, sources, valueType } of assertions) {
    const version = byValue.get(value) ?? { value, sources: [], valueType };
    version.sources.push(...sources.filter((id) => !version.sources.includes(id)));
    byValue.set(value, version);
  }
  return [...byValue.values()];
}

function reconcileRecord<R extends { id: string }>(
  bundle: FactBundle,
  record: R,
  existing: GraphMatch | GraphGoal,
  rules: ReadonlyArray<FieldRule<R>>,
  source: SourceRecord,
): Conflict[] {
  const conflicts: Conflict[] = [];
  const others = existing.sources.filter((s) => s.id !== source.id);
  for (const rule of rules) {
    const mine = rule.read(record);
    if (mine === null) continue;
    // Versions already asserted, else the node's value as stated by each of its other sources.
    const asserted = existing.assertions.filter((a) => a.field === rule.field && !a.sources.includes(source.id));
    const versions = asserted.length > 0
      ? groupByValue(asserted)
      : [{ value: rule.readGraph(existing), sources: others.map((s) => s.id), valueType: rule.valueType }].filter(
          (v): v is Version => v.value !== null && v.sources.length > 0,
        );
    if (versions.every((v) => v.value === mine)) continue;
    versions.push({ value: mine, sources: [source.id], valueType: rule.valueType });
    const kinds = new Map([...others, { id: source.id, kind: source.kind }].map((s) => [s.id, s]));
    const rank = (sources: string[]) => Math.min(...sources.map((id) => sourceRank(kinds.get(id) ?? { id, kind: null })));
    // More sources first, then the better kind of source; stable, so on a full tie the graph's
    // earlier version stays preferred.
    const ranked = [...versions].sort((a, b) => b.sources.length - a.sources.length || rank(a.sources) - rank(b.sources));
    const [preferred, runnerUp] = ranked as [Version, Version];
    const why = preferred.sources.length > runnerUp.sources.length
      ? `preferred: stated by ${preferred.sources.length} sources against ${runnerUp.sources.length}`
      : PREFERENCE_REASON[rank(preferred.sources)];
    rule.apply(record, preferred.value);
    for (const version of versions) {
      for (const sourceId of version.sources) {
        bundle.assertions.push({
          id: assertionId(record.id, rule.field, sourceId),
          subjectId: record.id,
          field: rule.field,
          value: version.value,
          valueType: version.valueType,
          preferred: version.value === preferred.value,
          reason: version.value === preferred.value ? why : `not ${why}`,
          sources: [sourceId],
        });
      }
    }
    conflicts.push({
      subjectId: record.id,
      field: rule.field,
      values: versions.map((v) => ({ value: v.value, sources: v.sources, preferred: v.value === preferred.value })),
    });
  }
  return conflicts;
}
