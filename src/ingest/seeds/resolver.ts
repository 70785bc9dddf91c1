import {
  emptyBundle,
  type AppearanceRecord,
  type AssertionRecord,
  type FactBundle,
  type PersonRecord,
  type StageRecord,
} from '../../graph/model/bundle';
import {
  assertionId,
  cityId,
  goalId,
  matchId,
  quoteId,
  slugify,
  stageId,
  substitutionId,
  teamId,
  tournamentId,
  type StageSlug,
} from '../../graph/model/identity';
import { fold } from '../../graph/model/fold';
import { entityOf } from '../../graph/model/model';
import type { PersonRole } from '../../graph/model/vocabulary';
import { pitchTime, readMatchClock } from '../match-clock';
import type { SeedIssue } from './error';
import { formatPath } from '../reading/validation';
import { stageRecord } from '../stages';
import type { ParsedSeedFile } from './parser';
import type { SeedAssertion, SeedBySource, SeedMatch } from './schema';
import { calendarDate } from '../reading/value-rules';

/** One seed file turned into the facts it writes, in its own transaction. */
export interface SeedFile {
  file: string;
  bundle: FactBundle;
}

type Kind = 'Source' | 'Team' | 'Tournament' | 'Stage' | 'City' | 'Venue' | 'Person' | 'Match' | 'Goal' | 'Claim';
type Path = ReadonlyArray<PropertyKey>;

interface KnownPerson {
  record: PersonRecord;
  spellings: Set<string>;
  teamIds: Set<string>;
}

/** Thrown inside one record's resolution; caught, recorded as an issue, and the next record goes on. */
class Rejection extends Error {
  constructor(
    readonly path: Path,
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * Resolves the seed files in order: names become ids, person spellings become people, minutes are
 * read against the match clock. A file may refer only to what it or an earlier file declares,
 * because earlier files are committed first. Collects every issue rather than stopping at the first.
 */
export function resolveSeedFiles(files: ParsedSeedFile[]): { files: SeedFile[]; issues: SeedIssue[] } {
  const resolver = new SeedResolver();
  const resolved = files.map((file) => ({ file: file.file, bundle: resolver.resolve(file) }));
  return { files: resolved, issues: resolver.issues };
}

class SeedResolver {
  readonly issues: SeedIssue[] = [];
  private readonly declared = new Map<string, { kind: Kind; file: string }>();
  private readonly teamNames = new Map<string, string>();
  private readonly dataSets = new Set<string>();
  private readonly peopleByKey = new Map<string, KnownPerson[]>();
  private current!: ParsedSeedFile;
  private bundle!: FactBundle;

  resolve(file: ParsedSeedFile): FactBundle {
    this.current = file;
    this.bundle = emptyBundle();
    const { data } = file;
    data.sources.forEach((source, i) =>
      this.attempt(() => {
        this.declare(source.id, 'Source', ['sources', i, 'id']);
        if (source.kind === 'dataset') this.dataSets.add(source.id);
        this.bundle.sources.push({ ...source });
      }),
    );
    data.teams.forEach((team, i) =>
      this.attempt(() => {
        const id = teamId(team.name, team.gender);
        this.declare(id, 'Team', ['teams', i, 'name']);
        this.teamNames.set(id, team.name);
        this.bundle.teams.push({ ...team, id, sources: this.sources(team.sources, ['teams', i]) });
      }),
    );
    data.tournaments.forEach((tournament, i) =>
      this.attempt(() => {
        const at = ['tournaments', i];
        const id = tournamentId(tournament.year, tournament.gender);
        this.declare(id, 'Tournament', [...at, 'year']);
        const { winner, ...rest } = tournament;
        if (winner) this.expect(winner, 'Team', [...at, 'winner']);
        this.bundle.tournaments.push({ ...rest, id, winnerTeamId: winner, sources: this.sources(rest.sources, at) });
      }),
    );
    data.cities.forEach((city, i) =>
      this.attempt(() => {
        const id = cityId(city.name, city.country);
        this.declare(id, 'City', ['cities', i, 'name']);
        this.bundle.cities.push({ ...city, id, sources: this.sources(city.sources, ['cities', i]) });
      }),
    );
    data.venues.forEach((venue, i) =>
      this.attempt(() => {
        const id = slugify(venue.name);
        this.declare(id, 'Venue', ['venues', i, 'name']);
        const { city, ...rest } = venue;
        if (city) this.expect(city, 'City', ['venues', i, 'city']);
        this.bundle.venues.push({ ...rest, id, cityId: city, sources: this.sources(rest.sources, ['venues', i]) });
      }),
    );
    data.people.forEach((person, i) => this.attempt(() => this.resolvePerson(person, ['people', i])));
    data.matches.forEach((match, i) => this.attempt(() => this.resolveMatch(match, ['matches', i])));
    data.claims.forEach(({ checkable: _derivedFromTheMetric, ...claim }, i) =>
      this.attempt(() => {
        const at = ['claims', i];
        this.declare(claim.id, 'Claim', [...at, 'id']);
        claim.about.forEach((subject, j) => this.expect(subject.id, undefined, [...at, 'about', j, 'id']));
        this.bundle.claims.push({ ...claim, sources: this.sources(claim.sources, at) });
      }),
    );
    return this.bundle;
  }

  private resolvePerson(person: ParsedSeedFile['data']['people'][number], at: Path): void {
    const id = slugify(person.name);
    this.declare(id, 'Person', [...at, 'name']);
    const { squads, ...rest } = person;
    const record: PersonRecord = { ...rest, id, sources: this.sources(rest.sources, at) };
    const known: KnownPerson = { record, spellings: new Set([person.name, ...person.aliases]), teamIds: new Set() };
    squads.forEach((squad, j) => {
      const squadAt = [...at, 'squads', j];
      this.expect(squad.team, 'Team', [...squadAt, 'team']);
      this.expect(squad.tournament, 'Tournament', [...squadAt, 'tournament']);
      known.teamIds.add(squad.team);
      const { team, tournament, ...details } = squad;
      this.bundle.squads.push({
        ...details,
        playerId: id,
        teamId: team,
        tournamentId: tournament,
        sources: this.sources(squad.sources, squadAt),
      });
    });
    for (const key of new Set([...known.spellings].map(fold))) {
      this.peopleByKey.set(key, [...(this.peopleByKey.get(key) ?? []), known]);
    }
    this.bundle.people.push(record);
  }

  private resolveMatch(match: SeedMatch, at: Path): void {
    this.expect(match.tournament, 'Tournament', [...at, 'tournament']);
    for (const side of ['home', 'away'] as const) this.expect(match[side], 'Team', [...at, side]);
    if (match.venue) this.expect(match.venue, 'Venue', [...at, 'venue']);
    const id = matchId(
      match.tournament,
      match.stage,
      this.teamNames.get(match.home)!,
      this.teamNames.get(match.away)!,
      match.replay,
    );
    this.declare(id, 'Match', [...at, 'stage']);
    const sources = this.sources(match.sources, at);
    const stage = this.stage(match.tournament, match.stage, sources);
    const teams = new Set([match.home, match.away]);
    const ownTeam = (team: string, path: Path) => {
      if (!teams.has(team)) throw new Rejection(path, `${team} does not play in ${id}`);
      return team;
    };

    this.bundle.matches.push({
      id,
      tournamentId: match.tournament,
      stageId: stage.id,
      stage: match.stage,
      group: match.group,
      date: match.date,
      kickoff: match.kickoff,
      venueId: match.venue,
      homeTeamId: match.home,
      awayTeamId: match.away,
      homeScore: match.score?.home,
      awayScore: match.score?.away,
      homeScore90: match.score90?.home,
      awayScore90: match.score90?.away,
      extraTime: match.extraTime,
      homePenalties: match.penalties?.home,
      awayPenalties: match.penalties?.away,
      winnerTeamId: match.winner,
      replay: match.replay,
      sources,
      bySource: this.bySource('matches', match.bySource, sources, [...at, 'bySource']),
    });
    this.assertions(id, match.assertions, [...at, 'assertions']);

    match.coaches.forEach((entry, i) =>
      this.attempt(() => {
        const coachAt = [...at, 'coaches', i];
        const team = ownTeam(entry.team, [...coachAt, 'team']);
        const coach = this.person(entry.coach, [...coachAt, 'coach'], { role: 'Coach' });
        this.bundle.coachings.push({ coachId: coach, teamId: team, matchId: id, sources: this.sources(entry.sources, coachAt) });
      }),
    );
    match.lineups.forEach((lineup, i) => this.attempt(() => this.resolveLineup(match, id, lineup, [...at, 'lineups', i], ownTeam)));

    this.resolveGoals(match, id, at, ownTeam);
    this.resolveQuotes(match, id, at);
  }

  /** A match's goals, numbered in the order listed, which must be the order they were scored. */
  private resolveGoals(match: SeedMatch, id: string, at: Path, ownTeam: (team: string, path: Path) => string): void {
    const teams = [match.home, match.away];
    let previousElapsed = -1;
    match.goals.forEach((goal, i) =>
      this.attempt(() => {
        const goalAt = [...at, 'goals', i];
        const team = ownTeam(goal.team, [...goalAt, 'team']);
        // An own goal's scorer plays for the other side.
        const scorerTeam = goal.ownGoal ? teams.find((t) => t !== team) : team;
        const clock = this.clock(goal.minute, match.extraTime, [...goalAt, 'minute']);
        if (clock.elapsed < previousElapsed) throw new Rejection([...goalAt, 'minute'], 'goals must be listed in the order they were scored');
        previousElapsed = clock.elapsed;
        const record = {
          id: goalId(id, i + 1),
          matchId: id,
          teamId: team,
          scorerId: this.person(goal.scorer, [...goalAt, 'scorer'], { teamId: scorerTeam }),
          assistId: goal.assist && this.person(goal.assist, [...goalAt, 'assist'], { teamId: team }),
          sequence: i + 1,
          minute: clock.minute,
          addedTime: clock.addedTime,
          period: clock.period,
          penalty: goal.penalty,
          ownGoal: goal.ownGoal,
          method: goal.method,
          sources: this.sources(goal.sources, goalAt),
        };
        const bySource = this.bySource('goals', goal.bySource, record.sources, [...goalAt, 'bySource']);
        this.declare(record.id, 'Goal', goalAt);
        this.bundle.goals.push({ ...record, bySource });
        this.assertions(record.id, goal.assertions, [...goalAt, 'assertions']);
      }),
    );
  }

  /** Quotes, numbered per speaker within the match. */
  private resolveQuotes(match: SeedMatch, id: string, at: Path): void {
    const saidBy = new Map<string, number>();
    match.quotes.forEach((quote, i) =>
      this.attempt(() => {
        const quoteAt = [...at, 'quotes', i];
        const speaker = this.person(quote.speaker, [...quoteAt, 'speaker'], {});
        const n = (saidBy.get(speaker) ?? 0) + 1;
        saidBy.set(speaker, n);
        this.bundle.quotes.push({
          id: quoteId(id, speaker, n),
          speakerId: speaker,
          matchId: id,
          text: quote.text,
          sources: this.sources(quote.sources, quoteAt),
        });
      }),
    );
  }

  /**
   * Starters play from minute 0; a substitute from the minute they came on. Minutes are the
   * elapsed ones (96 for a report's 96'), so minuteOff - minuteOn is time on the pitch.
   */
  private resolveLineup(
    match: SeedMatch,
    id: string,
    lineup: SeedMatch['lineups'][number],
    at: Path,
    ownTeam: (team: string, path: Path) => string,
  ): void {
    const team = ownTeam(lineup.team, [...at, 'team']);
    const sources = this.sources(lineup.sources, at);
    const appearances = new Map<string, AppearanceRecord>();
    lineup.starters.forEach((starter, i) => {
      const playerId = this.person(starter.player, [...at, 'starters', i, 'player'], { teamId: team, role: 'Player' });
      appearances.set(playerId, { matchId: id, playerId, teamId: team, starter: true, minuteOn: 0, position: starter.line, sources });
    });
    lineup.substitutions.forEach((sub, i) => {
      const subAt = [...at, 'substitutions', i];
      const subSources = sub.sources ? this.sources(sub.sources, subAt) : sources;
      const clock = this.clock(sub.minute, match.extraTime, [...subAt, 'minute']);
      const onId = this.person(sub.on, [...subAt, 'on'], { teamId: team, role: 'Player' });
      if (appearances.has(onId)) throw new Rejection([...subAt, 'on'], `${sub.on} is already on the pitch`);
      const offId = sub.off && this.person(sub.off, [...subAt, 'off'], { teamId: team, role: 'Player' });
      if (offId) {
        const leaving = appearances.get(offId);
        if (!leaving || leaving.minuteOff != null) throw new Rejection([...subAt, 'off'], `${sub.off} is not on the pitch then`);
        leaving.minuteOff = clock.elapsed;
      }
      appearances.set(onId, { matchId: id, playerId: onId, teamId: team, starter: false, minuteOn: clock.elapsed, sources: subSources });
      this.bundle.substitutions.push({
        id: substitutionId(id, onId),
        matchId: id,
        teamId: team,
        playerOnId: onId,
        playerOffId: offId,
        minute: clock.minute,
        addedTime: clock.addedTime,
        period: clock.period,
        sources: subSources,
      });
    });
    for (const appearance of appearances.values()) {
      appearance.minutes = pitchTime(appearance.starter, { cameOn: appearance.minuteOn, wentOff: appearance.minuteOff }, match.extraTime ?? false).minutes;
    }
    this.bundle.appearances.push(...appearances.values());
  }

  private assertions(subjectId: string, assertions: SeedAssertion[], at: Path): void {
    assertions.forEach((assertion, i) =>
      this.attempt(() => {
        const { source, value, valueType, ...rest } = assertion;
        const record: AssertionRecord = {
          ...rest,
          id: assertionId(subjectId, assertion.field, source),
          subjectId,
          value: String(value),
          valueType: valueType ?? (typeof value === 'number' ? 'int' : typeof value === 'boolean' ? 'bool' : 'string'),
          sources: this.sources([source], [...at, i, 'source']),
        };
        if (this.bundle.assertions.some((other) => other.id === record.id)) {
          throw new Rejection([...at, i, 'field'], `${source} already has an assertion on ${subjectId} ${assertion.field}`);
        }
        this.bundle.assertions.push(record);
      }),
    );
  }

  /**
   * The per-source versions of an entry, checked against the model: a field the reconciler compares
   * (model.ts, policy `dispute`, one property), a report among the entry's sources, a value of the
   * field's type. Values are kept as the reconciler compares them.
   */
  private bySource(kind: 'matches' | 'goals', versions: SeedBySource, recordSources: string[], at: Path) {
    if (!versions) return undefined;
    const entity = entityOf(kind)!;
    const checked: Record<string, Record<string, string>> = {};
    for (const [field, bySource] of Object.entries(versions)) {
      const declared = entity.fields[field];
      const relationship = entity.relationships.find((r) => r.field === field);
      if (!(declared && declared.policy === 'dispute' && !('encode' in declared)) && !relationship) {
        throw new Rejection([...at, field], `${field} is not a field the reconciler compares on a ${entity.label}`);
      }
      checked[field] = {};
      for (const [source, value] of Object.entries(bySource)) {
        const sourceAt = [...at, field, source];
        if (!recordSources.includes(source)) throw new Rejection(sourceAt, `${source} is not among this entry's sources`);
        if (this.dataSets.has(source)) throw new Rejection(sourceAt, `${source} is a data set; its values come from its own import`);
        if (relationship) this.expect(String(value), undefined, sourceAt);
        else if (!fitsType(declared!.type, value)) throw new Rejection(sourceAt, `expected a value of type ${declared!.type}`);
        checked[field][source] = String(value);
      }
    }
    return checked;
  }

  /** The stage record, emitted by the first file that plays a match in it. */
  private stage(tournament: string, slug: StageSlug, sources: string[]): StageRecord {
    const id = stageId(tournament, slug);
    const inThisFile = this.bundle.stages.find((stage) => stage.id === id);
    if (inThisFile) {
      inThisFile.sources = [...new Set([...inThisFile.sources, ...sources])];
      return inThisFile;
    }
    const record = stageRecord(tournament, slug, sources);
    if (!this.declared.has(id)) {
      this.declared.set(id, { kind: 'Stage', file: this.current.file });
      this.bundle.stages.push(record);
    }
    return record;
  }

  /**
   * A person by the spelling a source uses. The spelling must be on file (name or alias) so that
   * the graph keeps every spelling seen; the team narrows down namesakes.
   */
  private person(spelling: string, at: Path, want: { teamId?: string; role?: PersonRole }): string {
    let candidates = this.peopleByKey.get(fold(spelling)) ?? [];
    if (candidates.length > 1 && want.teamId) candidates = candidates.filter((p) => p.teamIds.has(want.teamId!));
    if (candidates.length === 0) throw new Rejection(at, `no person is declared under the name or alias "${spelling}"`);
    if (candidates.length > 1) {
      throw new Rejection(at, `"${spelling}" could be ${candidates.map((p) => p.record.id).join(' or ')}`);
    }
    const [person] = candidates;
    if (!person.spellings.has(spelling)) {
      throw new Rejection(at, `"${spelling}" is ${person.record.id}, but that spelling is not among its aliases; add it`);
    }
    if (want.role && !person.record.roles.includes(want.role)) {
      throw new Rejection(at, `${person.record.id} is not declared with the role ${want.role}`);
    }
    if (want.teamId && person.teamIds.size > 0 && !person.teamIds.has(want.teamId)) {
      throw new Rejection(at, `${person.record.id} is in no declared squad of ${want.teamId}`);
    }
    return person.record.id;
  }

  private clock(label: number | string, extraTime: boolean | undefined, at: Path) {
    try {
      return readMatchClock(label, extraTime);
    } catch (error) {
      throw new Rejection(at, (error as Error).message);
    }
  }

  private sources(ids: string[], at: Path): string[] {
    ids.forEach((source, i) => this.expect(source, 'Source', [...at, 'sources', i]));
    return ids;
  }

  private declare(id: string, kind: Kind, at: Path): void {
    const earlier = this.declared.get(id);
    if (earlier) throw new Rejection(at, `${kind} ${id} is already declared in ${earlier.file}`);
    this.declared.set(id, { kind, file: this.current.file });
  }

  /** `kind` undefined accepts any declared entity (the subjects of a claim). */
  private expect(id: string, kind: Kind | undefined, at: Path): void {
    const found = this.declared.get(id);
    if (!found) throw new Rejection(at, `${id} is not declared in this file or an earlier one`);
    if (kind && found.kind !== kind) throw new Rejection(at, `${id} is a ${found.kind}, expected a ${kind}`);
  }

  private attempt(work: () => void): void {
    try {
      work();
    } catch (error) {
      if (!(error instanceof Rejection)) throw error;
      this.issues.push({
        file: this.current.file,
        path: formatPath(error.path),
        line: this.current.lineOf(error.path),
        reason: error.message,
      });
    }
  }
}

function fitsType(type: AssertionRecord['valueType'], value: string | number | boolean): boolean {
  if (type === 'int') return Number.isInteger(value);
  if (type === 'bool') return typeof value === 'boolean';
  if (type === 'date') return calendarDate.safeParse(value).success;
  return typeof value === 'string';
}
