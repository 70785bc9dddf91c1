import type { PersonRecord } from '../graph/model/bundle';
import type { KnownPerson } from '../graph/write/graph-state';
import { nameKeys, slugify } from '../graph/model/identity';
import { SOURCE_PRECEDENCE } from '../graph/model/model';
import type { PersonRole } from '../graph/model/vocabulary';

/**
 * Person resolution: which person a source row is about, by the rules of schema/model.md. Team
 * and match ids follow from canonical names (team-names.ts + identity.ts); people need a decision.
 */

export interface PersonCandidate {
  /** Display form, given name first: "Enzo Fernández". */
  name: string;
  /** Other spellings of the same source, e.g. "Fernández, Enzo". */
  aliases: string[];
  birthDate: string | null;
  /** Teams the source places the person in (squads, managed matches): the tie-breaker for namesakes. */
  teamIds: string[];
  role: PersonRole;
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

/**
 * Key spaces of event data sets that spell names their own way (transliterations such as "Aleksey" /
 * "Aleksei", "Alexandr" / "Aleksandr") and whose birth dates sometimes differ from other sources'.
 * A row of one of them, or a known person one of them placed, may also be matched by rules 5 and 6.
 */
export const LOOSELY_SPELT_KEY_SPACES: ReadonlySet<string> = new Set([
  'wyscout-pappalardo-worldcup2018/players',
  'statsbomb-open-data/players',
]);

/**
 * Key spaces whose keys start with the team the source places the person in: the results list's
 * scorer eras (`{teamId}:{name}:{year}`). A scorer of World Cup goals only has no goal of this
 * source in the graph, so the key keeps their team for a data set loaded later to find them by.
 */
const TEAM_KEYED_KEY_SPACES: ReadonlySet<string> = new Set(['international-results/scorers']);

const teamsOfKeys = (sourceKeys: readonly string[]) => sourceKeys.flatMap((key) => {
  const [space, team] = key.split(':');
  return TEAM_KEYED_KEY_SPACES.has(space!) && team ? [team] : [];
});

export interface AmbiguousPerson {
  ref: string;
  name: string;
  /** The id the row was given: its own node, never one of the candidates. */
  id: string;
  candidates: string[];
  reason: string;
}

/** The report of an import that resolved nobody (its files were unchanged). */
export const NO_PEOPLE_RESOLVED: PersonResolutionReport = Object.freeze({
  created: 0, merged: 0, mergedBySpelling: [], mergedDespiteBirthDate: [], ambiguous: [], rekeyed: [],
});

export interface PersonResolutionReport {
  /** New people. */
  created: number;
  /** Rows that landed on a person of the graph or of an earlier row of this import. */
  merged: number;
  /** Merged although the spelling differs: same birth date, same team, a shared name part. */
  mergedBySpelling: Array<{ ref: string; name: string; id: string }>;
  /** Merged although the birth dates differ (rule 6); both dates are kept as a dispute. */
  mergedDespiteBirthDate: Array<{ ref: string; name: string; id: string; birthDate: string; known: string }>;
  ambiguous: AmbiguousPerson[];
  /** Known people whose id this import changes to its spelling's (see `PersonResolver.rekey`): `rekeyPeople` moves them first. */
  rekeyed: Array<{ ref: string; name: string; from: string; to: string }>;
}

interface ResolvedPerson {
  id: string;
  name: string;
  birthDate: string | null;
  keys: Set<string>;
  teamIds: Set<string>;
  sourceKeys: Set<string>;
  /** The sources citing the person: whose spellings the id may be the slug of. */
  sources: Set<string>;
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
 * Between a loosely spelt source (`LOOSELY_SPELT_KEY_SPACES`) and another, before rule 4:
 * 5. same birth date, a team in common and the same name up to transliteration (`sameNameLoosely`):
 *    listed in `mergedBySpelling`; the Miranchuk twins (Aleksei, Anton) stay two people;
 * 6. the only teammate of the same name (up to transliteration) with another birth date: the same
 *    person, listed in `mergedDespiteBirthDate`; the reconciler keeps both dates as a dispute;
 * 7. a row without birth date: the only teammate whose name it is, up to transliteration or with
 *    parts left out (two parts at least).
 * New people get the slug of their name, or `-{birthYear}` (then `-2`, `-3`) when that is taken;
 * a better-ranked data set joining a known person re-keys them (`rekey`).
 */
export class PersonResolver {
  private readonly byKey = new Map<string, ResolvedPerson[]>();
  private readonly byBirthDate = new Map<string, ResolvedPerson[]>();
  private readonly byId = new Map<string, ResolvedPerson>();
  private readonly bySourceKey = new Map<string, ResolvedPerson>();
  private readonly byTeam = new Map<string, ResolvedPerson[]>();
  /** People a loosely spelt source names: only they can match a row of another source loosely (rules 5, 6). */
  private readonly looselySpelt = new Set<ResolvedPerson>();
  private readonly report: PersonResolutionReport = { created: 0, merged: 0, mergedBySpelling: [], mergedDespiteBirthDate: [], ambiguous: [], rekeyed: [] };

  /** `reservedIds`: ids of other entities, which a person's id must not take. */
  constructor(known: readonly KnownPerson[], private readonly reservedIds: ReadonlySet<string> = new Set()) {
    for (const person of known) {
      this.index({
        id: person.id,
        name: person.name,
        birthDate: person.birthDate,
        keys: new Set(person.nameKeys.length > 0 ? person.nameKeys : nameKeys([person.name])),
        teamIds: new Set([...person.teamIds, ...teamsOfKeys(person.sourceKeys)]),
        sourceKeys: new Set(person.sourceKeys),
        sources: new Set(person.sources),
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
      this.rekey(person, candidate);
      this.report.merged++;
      if (decision.bySpelling) this.report.mergedBySpelling.push({ ref: candidate.ref, name: candidate.name, id: person.id });
      if (decision.otherBirthDate) {
        this.report.mergedDespiteBirthDate.push({
          ref: candidate.ref, name: candidate.name, id: person.id, birthDate: candidate.birthDate!, known: decision.otherBirthDate,
        });
      }
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
  ): { person?: ResolvedPerson; bySpelling?: boolean; otherBirthDate?: string; ambiguous?: ResolvedPerson[]; reason?: string } {
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
      // A one-part spelling ("E. Davis" -> "davis") fits every namesake of the team and birth date;
      // where it fits several, the one a spelling of two parts or more fits is the person.
      const fuller = respelt.length > 1 ? respelt.filter((p) => isShortFormOf(p.keys, keys, { fewestParts: 2 })) : respelt;
      if (fuller.length === 1) return { person: fuller[0], bySpelling: true };
    }
    const loose = this.looseMatch(candidate, keys);
    if (loose) return loose;
    if (undated.length > 0) {
      return { ambiguous: undated, reason: 'same name, a birth date is unknown and no team in common' };
    }
    return {};
  }

  /** Rules 5 and 6: teammates of another source whose name matches up to transliteration. */
  private looseMatch(candidate: PersonCandidate, keys: readonly string[]): { person: ResolvedPerson; bySpelling?: boolean; otherBirthDate?: string } | null {
    const sourcePrefix = `${candidate.keySpace}:`;
    const looseRow = LOOSELY_SPELT_KEY_SPACES.has(candidate.keySpace);
    if (!candidate.birthDate) {
      // A line-up without birth dates (StatsBomb): the one teammate whose name this one is, up to
      // transliteration or with parts left out ("Marcos Rojo" / "Faustino Marcos Alberto Rojo").
      if (!looseRow) return null;
      const teammates = new Set(candidate.teamIds.flatMap((team) => this.byTeam.get(team) ?? []));
      const alike = [...teammates].filter((p) =>
        ![...p.sourceKeys].some((k) => k.startsWith(sourcePrefix)) && (sameNameLoosely([...p.keys], keys) || isShortFormOf(p.keys, keys, { fewestParts: 2 })));
      return alike.length === 1 ? { person: alike[0]!, bySpelling: true } : null;
    }
    // Most rows come from a strictly spelt source before any loosely spelt one is known: comparing
    // each with every teammate of every tournament was a third of a first import's resolving.
    if (!looseRow && this.looselySpelt.size === 0) return null;
    const teammates = new Set(candidate.teamIds.flatMap((team) => this.byTeam.get(team) ?? []));
    const similar = [...teammates].filter((p) =>
      (looseRow || this.looselySpelt.has(p)) &&
      ![...p.sourceKeys].some((k) => k.startsWith(sourcePrefix)) &&
      sameNameLoosely([...p.keys], keys));
    const sameBirth = similar.filter((p) => p.birthDate === candidate.birthDate);
    if (sameBirth.length === 1) return { person: sameBirth[0]!, bySpelling: true };
    if (sameBirth.length === 0 && similar.length === 1 && similar[0]!.birthDate) {
      return { person: similar[0]!, otherBirthDate: similar[0]!.birthDate };
    }
    return null;
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
      sources: new Set(),
    };
    this.index(person);
    return person;
  }

  /**
   * A person's id is the slug of the name the best-ranked data set naming them gives
   * (SOURCE_PRECEDENCE), whichever data set was loaded first: an event data set loaded before
   * Fjelstul names Messi "Lionel Andrés Messi Cuccittini", and Fjelstul joining him later re-keys
   * him to `lionel-messi`, as loading Fjelstul first would have named him. People a report or an
   * editor cites keep their id, which seed files and edits name them by.
   */
  private rekey(person: ResolvedPerson, candidate: PersonCandidate): void {
    const rank = SOURCE_PRECEDENCE.indexOf(candidate.sourceId);
    const citing = [...person.sources].map((source) => SOURCE_PRECEDENCE.indexOf(source));
    if (rank < 0 || citing.length === 0 || citing.some((other) => other < 0 || other <= rank)) return;
    const id = this.freeId(candidate, person);
    if (id === person.id) return;
    this.report.rekeyed.push({ ref: candidate.ref, name: candidate.name, from: person.id, to: id });
    this.byId.delete(person.id);
    person.id = id;
    if (person.record) person.record.id = id;
    this.byId.set(id, person);
  }

  /** The slug of the candidate's name, or the first variant nobody but `self` holds. */
  private freeId(candidate: PersonCandidate, self?: ResolvedPerson): string {
    const base = slugify(candidate.name);
    const taken = (id: string) => (this.byId.has(id) && this.byId.get(id) !== self) || this.reservedIds.has(id);
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
    for (const team of candidate.teamIds) {
      if (!person.teamIds.has(team)) {
        person.teamIds.add(team);
        push(this.byTeam, team, person);
      }
    }
    person.sourceKeys.add(candidate.ref);
    person.sources.add(candidate.sourceId);
    this.bySourceKey.set(candidate.ref, person);
    if (LOOSELY_SPELT_KEY_SPACES.has(candidate.keySpace)) this.looselySpelt.add(person);
    if (!person.birthDate && candidate.birthDate) {
      person.birthDate = candidate.birthDate;
      push(this.byBirthDate, candidate.birthDate, person);
    }
    const record = (person.record ??= {
      id: person.id,
      // This source's first spelling; the reconciler picks the display name by the source order.
      name: candidate.name,
      roles: [],
      birthDate: null,
      nationality: null,
      aliases: [],
      sources: [],
      sourceKeys: [],
    });
    // What this source states; the reconciler compares it with other sources' dates.
    record.birthDate ??= candidate.birthDate;
    record.nationality ??= candidate.nationality ?? null;
    addOnce(record.roles, candidate.role);
    addOnce(record.sources, candidate.sourceId);
    addOnce(record.sourceKeys!, candidate.ref);
    for (const alias of [candidate.name, ...candidate.aliases]) addOnce(record.aliases, alias);
  }

  private index(person: ResolvedPerson): void {
    this.byId.set(person.id, person);
    for (const key of person.sourceKeys) {
      this.bySourceKey.set(key, person);
      if (LOOSELY_SPELT_KEY_SPACES.has(key.slice(0, key.lastIndexOf(':')))) this.looselySpelt.add(person);
    }
    for (const key of person.keys) push(this.byKey, key, person);
    for (const team of person.teamIds) push(this.byTeam, team, person);
    if (person.birthDate) push(this.byBirthDate, person.birthDate, person);
  }
}

/**
 * One spelling is the other with parts left out ("Alisson" / "Alisson Becker", "Nelson Valdez" /
 * "Nelson Haedo Valdez"); "Anton Miranchuk" and "Aleksei Miranchuk" are not.
 */
function isShortFormOf(
  known: Iterable<string>,
  candidate: readonly string[],
  options: { skeleton?: (part: string) => string; fewestParts?: number; samePart?: (short: string, long: string) => boolean } = {},
): boolean {
  const { skeleton = (part: string) => part, fewestParts = 1, samePart = (a: string, b: string) => a === b } = options;
  const parts = (key: string) => key.split(/[\s-]+/).filter((part) => part.length >= 3).map(skeleton);
  // Each key split once, not once per pair: a new player is compared with every teammate's keys.
  const candidateParts = candidate.map(parts);
  return [...known].some((a) => {
    const knownParts = parts(a);
    return candidateParts.some((b) => {
      const [short, long] = knownParts.length <= b.length ? [knownParts, b] : [b, knownParts];
      return short.length >= fewestParts && short.every((part) => long.some((other) => samePart(part, other)));
    });
  });
}

/**
 * Spellings of one name across transliterations: the shorter spelling has two parts or more (so
 * "A. Miranchuk" names neither twin) and each is a part of the longer once both are reduced to a
 * skeleton ("Aleksey" and "Aleksei", "Alexandr" and "Aleksandr"); "Anton" and "Aleksei" differ.
 */
export function sameNameLoosely(known: readonly string[], candidate: readonly string[]): boolean {
  return isShortFormOf(known, candidate, {
    skeleton: nameSkeleton,
    fewestParts: 2,
    // "Dani" / "Daniel": a part may be the start of the other's.
    samePart: (short, long) => short === long || (short.length >= 2 && long.startsWith(short)),
  });
}

/**
 * A name part's consonants, with transliteration variants folded together: vowels, y and h are
 * what transliterations disagree on most ("Yerokhin" / "Erokhin", "Kuzyayev" / "Kuzyaev",
 * "Bahebri" / "Bahbir" all keep r-k-n, k-z-v, b-b-r).
 */
function nameSkeleton(part: string): string {
  return part
    .replace(/x/g, 'ks')
    .replace(/ph/g, 'f')
    .replace(/w/g, 'v')
    .replace(/z/g, 's')
    .replace(/j/g, 'i')
    .replace(/[aeiouyh]/g, '')
    .replace(/(.)\1+/g, '$1');
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function addOnce<T>(list: T[], value: T): void {
  if (!list.includes(value)) list.push(value);
}
