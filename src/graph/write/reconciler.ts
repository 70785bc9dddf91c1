import type { AssertionRecord, FactBundle, GoalRecord, MatchRecord, StatementSources } from '../model/bundle';
import { groupVersions, isComputedReason, preferenceReason, rankVersions, sourceRank, type Version } from './dispute-ranking';
import type { GraphAssertion, GraphEntity, GraphGoal, GraphState } from './graph-state';
import { assertionId, assertionSourceOf, goalId } from '../model/identity';
import { heldTurned, turnRound } from './match-orientation';
import { ENTITIES, LINKS, type CompositeField, type EntityDeclaration, type FieldDeclaration, type FieldPolicy } from '../model/model';
import { groupedBy } from '../../grouped-by';

/** A field the sources state differently: every version, the preferred one marked. */
export interface Conflict {
  subjectId: string;
  field: string;
  values: Array<{ value: string; sources: string[]; preferred: boolean }>;
}

/** One field or single-valued relationship of a record, as the reconciler reads and writes it. */
interface FieldRule {
  field: string;
  /** For a relationship: the record property holding the target's id. */
  property?: string;
  type: FieldDeclaration['type'];
  policy: Exclude<FieldPolicy, 'union'>;
  identity?: boolean;
  read(record: Record<string, unknown>): string | null;
  readGraph(node: GraphEntity): string | null;
  apply(record: Record<string, unknown>, value: string): void;
}

const typed = (type: FieldDeclaration['type'], value: string): unknown =>
  type === 'int' ? Number(value) : type === 'bool' ? value === 'true' : value;
const scalar = (value: unknown) => (value === null || value === undefined ? null : String(value));

/**
 * A record's value of a single-valued field, as `scalar` compares it. A list or a map there is a
 * bug of the bundle's maker (the adapters validate their files first): turned into a string it
 * was written as "[object Object]", so it is refused, before anything is written.
 */
function recordScalar(record: Record<string, unknown>, property: string): string | null {
  const value = record[property];
  if (value !== null && typeof value === 'object') {
    throw new TypeError(`${String(record.id)}: ${property} must be a single value, not ${JSON.stringify(value)}`);
  }
  return scalar(value);
}

/** The reconciled fields of one entity kind, derived from its declaration. */
function rulesOf(entity: EntityDeclaration): FieldRule[] {
  const rules: FieldRule[] = [];
  for (const [field, declaration] of Object.entries(entity.fields)) {
    if (declaration.policy === 'union') continue;
    const policy = declaration.policy;
    const composite = 'encode' in declaration ? (declaration as CompositeField) : null;
    rules.push(
      composite
        ? {
            field, type: composite.type, policy,
            read: (record) => composite.encode(record),
            readGraph: (node) => composite.encode(node.props),
            apply: (record, value) => {
              const decoded = composite.decode(value);
              Object.assign(record, decoded);
              const cleared = Object.keys(decoded).filter((key) => decoded[key] === null);
              if (cleared.length > 0) record.cleared = [...new Set([...((record.cleared as string[] | undefined) ?? []), ...cleared])];
            },
          }
        : {
            field, type: declaration.type, policy, identity: declaration.identity,
            read: (record) => recordScalar(record, field),
            readGraph: (node) => scalar(node.props[field]),
            apply: (record, value) => {
              record[field] = typed(declaration.type, value);
            },
          },
    );
  }
  for (const relationship of entity.relationships) {
    if (!relationship.field || !relationship.policy) continue;
    rules.push({
      field: relationship.field,
      property: relationship.property,
      type: 'string',
      policy: relationship.policy,
      read: (record) => recordScalar(record, relationship.property),
      readGraph: (node) => node.targets[relationship.type]?.[0] ?? null,
      apply: (record, value) => {
        record[relationship.property] = value;
      },
    });
  }
  return rules;
}

const RULES = new Map(ENTITIES.map((entity) => [entity.kind, rulesOf(entity)]));

/**
 * Settles every declared field of the bundle against what the graph holds, by the field's policy:
 * the record ends up holding the preferred value (so the writer writes it), `statedBy` lists the
 * fields its sources state, and a field with several versions gets one Assertion per source. The
 * result depends only on the statements, never on which source was loaded first.
 */
export function reconcile(bundle: FactBundle, state: GraphState, statementSources: StatementSources): Conflict[] {
  alignGoals(bundle, state.goals);
  const conflicts: Conflict[] = [];
  const bundleAssertions = new Set(bundle.assertions.map((a) => a.id));
  for (const entity of ENTITIES) {
    if (entity.kind === 'assertions') continue;
    const rules = RULES.get(entity.kind)!;
    for (const record of bundle[entity.kind] as unknown as Array<Record<string, unknown> & { id: string; sources?: string[] }>) {
      const existing = state.entities.get(record.id);
      // A match the graph holds the other way round (`turnOutranked` left it so) is turned to the graph's orientation.
      if (entity.kind === 'matches' && heldTurned(existing, record as unknown as MatchRecord)) turnRound(record as unknown as MatchRecord);
      // A source node speaks for itself.
      const stating = entity.kind === 'sources' ? [record.id] : statementSources(record.sources ?? []);
      const statedBy = new Set<string>();
      for (const rule of rules) {
        const mine = rule.read(record);
        const told = toldBySource(record, rule.field, stating);
        if (mine === null && told.length === 0) continue;
        if (stating.length === 0 || !statesField(record, rule.field)) {
          // Cited but stated by nobody this adapter speaks for: the graph's value stands.
          const current = existing && rule.readGraph(existing);
          if (current !== null && current !== undefined) rule.apply(record, current);
          // Nor does the edge to that target cite them.
          if (rule.property && stating.length > 0) record.disagreeing = { ...(record.disagreeing as object | undefined), [rule.property]: stating };
          continue;
        }
        const own = ownStatements(mine, stating, told);
        own.flatMap((statement) => statement.sources).forEach((source) => statedBy.add(`${rule.field}@${source}`));
        // A name that loses to another source's stays a spelling of the entity.
        if (rule.field === 'name' && mine !== null && 'aliases' in entity.fields) {
          record.aliases = [...((record.aliases as string[] | undefined) ?? []), mine];
        }
        const versions = versionsOf(rule, existing, own, stating);
        const ranked = rankVersions(versions, state.sources, rule.policy);
        // Only when the ranking would move the entity: its id's value stays preferred.
        const identity = rule.identity && ranked[0]!.value !== mine ? ranked.find((version) => version.value === mine) : undefined;
        const preferred = identity ?? ranked[0]!;
        rule.apply(record, preferred.value);
        if (rule.property) {
          // A source whose target lost must not be cited on the preferred target's edge.
          const losing = own.filter((statement) => statement.value !== preferred.value).flatMap((statement) => statement.sources);
          if (losing.length > 0) record.disagreeing = { ...(record.disagreeing as object | undefined), [rule.property]: losing };
        }
        if (rule.policy !== 'dispute' || versions.length < 2) continue;
        const reason = identity ? IDENTITY_REASON : preferenceReason(preferred, ranked[1]!, state.sources);
        for (const version of versions) {
          for (const source of version.sources) {
            const assertion = versionAssertion(record.id, rule, version, source, version === preferred, reason);
            if (bundleAssertions.has(assertion.id) || unchanged(existing?.assertions, assertion)) continue;
            bundleAssertions.add(assertion.id);
            bundle.assertions.push(assertion);
          }
        }
        conflicts.push({
          subjectId: record.id,
          field: rule.field,
          values: versions.map((v) => ({ value: v.value, sources: v.sources, preferred: v === preferred })),
        });
      }
      record.statedBy = [...statedBy].sort();
    }
  }
  for (const link of LINKS) {
    for (const record of bundle[link.kind] as Array<{ sources: string[]; statedBy?: string[]; rank?: number | null }>) {
      const stating = statementSources(record.sources);
      record.statedBy = [...stating].sort();
      record.rank = stating.length > 0 ? Math.min(...stating.map((id) => sourceRank(id, state.sources))) : null;
    }
  }
  return conflicts;
}

/**
 * The versions of a field: the graph's (its Assertions, and its value for the sources that stated it
 * without one) without what the stating sources said before, plus this record's.
 */
function versionsOf(rule: FieldRule, existing: GraphEntity | undefined, own: Statement[], stating: string[]): Version[] {
  const statements: Statement[] = [];
  if (existing) {
    const asserted = existing.assertions.filter((a) => a.field === rule.field);
    statements.push(...asserted.map((a) => ({ value: a.value, sources: a.sources })));
    // Sources that stated the field while nobody disagreed have no Assertion: they stated the value on the node.
    const withAssertion = new Set(asserted.flatMap((a) => a.sources));
    const prefix = `${rule.field}@`;
    const unasserted = existing.statedBy
      .filter((entry) => entry.startsWith(prefix))
      .map((entry) => entry.slice(prefix.length))
      .filter((source) => !withAssertion.has(source));
    const current = rule.readGraph(existing);
    if (current !== null && unasserted.length > 0) statements.push({ value: current, sources: unasserted });
  }
  const others = statements
    .map((s) => ({ value: s.value, sources: s.sources.filter((source) => !stating.includes(source)) }))
    .filter((s) => s.sources.length > 0);
  return groupVersions([...others, ...own]);
}

/** A record limited to some fields (`states`, an editor's statement of one fact) states only those. */
const statesField = (record: Record<string, unknown>, field: string) =>
  !Array.isArray(record.states) || (record.states as string[]).includes(field);

interface Statement {
  value: string;
  sources: string[];
}

/**
 * A record's `bySource` versions of one field, for the sources the adapter speaks for. A seed states
 * there what one report says differently from the others (the stage it implies for a match).
 */
function toldBySource(record: Record<string, unknown>, field: string, stating: readonly string[]): Statement[] {
  const values = (record.bySource as Record<string, Record<string, string>> | undefined)?.[field] ?? {};
  return Object.entries(values)
    .filter(([source]) => stating.includes(source))
    .map(([source, value]) => ({ value, sources: [source] }));
}

/** The record's value is stated by its sources that `told` does not give a version of their own. */
function ownStatements(mine: string | null, stating: readonly string[], told: Statement[]): Statement[] {
  const tellingApart = new Set(told.flatMap((statement) => statement.sources));
  const rest = stating.filter((source) => !tellingApart.has(source));
  return mine !== null && rest.length > 0 ? [{ value: mine, sources: rest }, ...told] : told;
}

const IDENTITY_REASON = 'preferred: the value the id is built from (another value would be another entity)';

function versionAssertion(subjectId: string, rule: FieldRule, version: Version, source: string, preferred: boolean, reason: string): AssertionRecord {
  return {
    id: assertionId(subjectId, rule.field, source),
    subjectId,
    field: rule.field,
    value: version.value,
    valueType: rule.type,
    preferred,
    reason: preferred ? reason : `not ${reason}`,
    sources: [source],
  };
}

/**
 * An Assertion the graph holds with the same value and verdict keeps its reason if a reviewer wrote
 * it; a reason this reconciler wrote is written again, so it names the versions all sources give.
 */
function unchanged(held: readonly GraphAssertion[] | undefined, assertion: AssertionRecord): boolean {
  return (held ?? []).some((a) => a.id === assertion.id && a.value === assertion.value && a.preferred === assertion.preferred &&
    (a.reason === assertion.reason || !isComputedReason(a.reason)));
}

/** Minutes apart within which two sources' goals of one team are the same goal (85' / 86', 45+2 / 47). */
const SAME_GOAL_MINUTES = 3;

type Clocked = { minute: number | null; addedTime?: number | null };
const elapsed = (goal: Clocked) => (goal.minute ?? 0) + (goal.addedTime ?? 0);

interface Pairing<Goal, Held> {
  goals: readonly Goal[];
  held: readonly Held[];
  pairs: Map<Goal, Held>;
}

/**
 * Pairs `candidates` nearest first (then in list order, so the result does not depend on which
 * source came first), skipping goals and held goals already paired.
 */
function pairNearest<Goal extends Clocked & { scorerId: string | null }, Held extends Clocked & { scorerId: string | null }>(
  pairing: Pairing<Goal, Held>,
  accept: (goal: Goal, held: Held, apart: number) => boolean,
): void {
  const taken = new Set(pairing.pairs.values());
  const candidates: Array<{ goal: number; held: number; apart: number }> = [];
  pairing.goals.forEach((goal, g) => {
    if (pairing.pairs.has(goal)) return;
    pairing.held.forEach((held, h) => {
      const apart = Math.abs(elapsed(goal) - elapsed(held));
      if (!taken.has(held) && accept(goal, held, apart)) candidates.push({ goal: g, held: h, apart });
    });
  });
  candidates.sort((x, y) => x.apart - y.apart || x.goal - y.goal || x.held - y.held);
  for (const { goal, held } of candidates) {
    const [mine, theirs] = [pairing.goals[goal]!, pairing.held[held]!];
    if (pairing.pairs.has(mine) || taken.has(theirs)) continue;
    pairing.pairs.set(mine, theirs);
    taken.add(theirs);
  }
}

/**
 * Which held goal of one match and team each of a source's goals is: by scorer and nearest minute,
 * then by minute alone within a few minutes (another scorer of the team, an own goal the other
 * source credits to an attacker), then, where both count the team's goals alike, by order. A pair
 * that differs in minute or scorer is one goal whose versions the reconciler keeps as a dispute.
 */
export function pairTeamGoals<Goal extends Clocked & { scorerId: string | null; id: string }, Held extends Clocked & { scorerId: string | null; id: string }>(
  goals: readonly Goal[],
  held: readonly Held[],
): Map<Goal, Held> {
  // Goals of one minute by id (`-goal-2` before `-goal-10`): two of one scorer in one minute (a re-import) do not swap.
  const byTime = <T extends Clocked & { id: string }>(list: readonly T[]) =>
    [...list].sort((a, b) => elapsed(a) - elapsed(b) || a.id.localeCompare(b.id, 'en', { numeric: true }));
  const pairing: Pairing<Goal, Held> = { goals: byTime(goals), held: byTime(held), pairs: new Map() };
  const sameScorer = (goal: Goal, h: Held) => goal.scorerId !== null && goal.scorerId === h.scorerId;
  pairNearest(pairing, (goal, h, apart) => sameScorer(goal, h) && apart <= SAME_GOAL_MINUTES);
  pairNearest(pairing, (_goal, _h, apart) => apart <= SAME_GOAL_MINUTES);
  if (goals.length === held.length) {
    const rest = pairing.held.filter((h) => ![...pairing.pairs.values()].includes(h));
    pairing.goals.filter((goal) => !pairing.pairs.has(goal)).forEach((goal, i) => pairing.pairs.set(goal, rest[i]!));
  }
  return pairing.pairs;
}

/**
 * Goal identity does not depend on list position: a goal of the bundle is the graph's goal of the
 * same match and team that `pairTeamGoals` pairs it with, and takes its id. A goal the graph does
 * not hold keeps its `{match}-goal-{n}`, or the next free n. References to renamed goals (seed
 * Assertions) follow.
 */
export function alignGoals(bundle: FactBundle, graphGoals: readonly GraphGoal[]): void {
  const key = (goal: { matchId: string; teamId: string | null }) => `${goal.matchId}\u0000${goal.teamId ?? ''}`;
  const heldByTeam = groupedBy(graphGoals, key);
  const takenByMatch = new Map<string, Set<string>>();
  for (const goal of graphGoals) (takenByMatch.get(goal.matchId) ?? takenByMatch.set(goal.matchId, new Set()).get(goal.matchId)!).add(goal.id);
  // A record stating some fields of a goal (an editor's correction of its minute) names that goal by its id.
  const aligned = bundle.goals.filter((goal) => !goal.states);
  const target = new Map<GoalRecord, string>();
  for (const [team, goals] of groupedBy(aligned, key)) {
    for (const [goal, held] of pairTeamGoals(goals, heldByTeam.get(team) ?? [])) target.set(goal, held.id);
  }
  const renamed = new Map<string, string>();
  for (const goal of aligned) {
    const taken = takenByMatch.get(goal.matchId);
    if (!taken) continue;
    const id = target.get(goal) ?? (taken.has(goal.id) ? nextFreeGoalId(goal.matchId, taken) : goal.id);
    taken.add(id);
    if (id !== goal.id) renamed.set(goal.id, id);
  }
  if (renamed.size === 0) return;
  for (const goal of bundle.goals) goal.id = renamed.get(goal.id) ?? goal.id;
  for (const assertion of bundle.assertions) {
    const subject = renamed.get(assertion.subjectId);
    if (subject) {
      assertion.id = assertionId(subject, assertion.field, assertionSourceOf(assertion.id));
      assertion.subjectId = subject;
    }
  }
}

function nextFreeGoalId(match: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) if (!taken.has(goalId(match, n))) return goalId(match, n);
}
