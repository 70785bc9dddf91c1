import { scoreWinner } from '../../graph/read/analytics/match-results';
import { emptyBundle, type AppearanceRecord, type FactBundle, type MatchRecord } from '../../graph/model/bundle';
import type { GraphClient } from '../../graph/driver/driver';
import { loadKnownPeople, loadOtherEntityIds } from '../../graph/write/graph-state';
import { fold } from '../../graph/model/fold';
import { competitionMatchId, goalId, matchId, STAGE_SLUGS, stageId, substitutionId, type StageSlug } from '../../graph/model/identity';
import { numberedId } from '../../graph/model/model';
import { CARDS, WOMENS_WORLD_CUP, WORLD_CUP, type Card } from '../../graph/model/vocabulary';
import type { MatchReportInput } from '../../graph/write/edit-requests';
import { holdsEntity } from '../../graph/write/edited-entity';
import { findMatchOn, holdsCompetition, readHeldMatch, readTeamNames, type HeldMatch } from '../../graph/write/match-lookup';
import { pitchTime, readMatchClock } from '../match-clock';
import { PersonResolver } from '../person-resolver';
import { stageRecord } from '../stages';
import { calendarDate, isMatchMinute, LIMITS, timeOfDay } from '../reading/value-rules';
import { EditInputError } from './edit-errors';
import { MAX_VALUE_LENGTH } from './fact-statement';

/**
 * The facts of a match report as one bundle in the name of `sourceId`, as the seeds state the 2026
 * semi-final: the match (found, or made from tournament, stage and teams), its goals, line-ups,
 * substitutions and cards. People are resolved against the graph as the importers resolve them.
 */
export async function matchReportBundle(graph: GraphClient, input: MatchReportInput, sourceId: string): Promise<FactBundle> {
  const bundle = emptyBundle();
  const sources = [sourceId];
  const match = await resolveMatch(graph, input, bundle, sources);
  const sides = [match.homeTeamId, match.awayTeamId];
  const extraTime = input.extraTime ?? match.extraTime ?? false;
  const side = (team: string, at: string) => {
    if (!sides.includes(team)) throw new EditInputError(at, `${team} does not play in ${match.id} (${sides.join(' v ')})`);
    return team;
  };
  const clock = (minute: string, at: string) => {
    if (!isMatchMinute(minute)) throw new EditInputError(at, `"${minute}" is not a match minute such as 55 or 90+2`);
    try {
      return readMatchClock(minute, extraTime);
    } catch (error) {
      throw new EditInputError(at, (error as Error).message);
    }
  };
  const people = new People(graph, sourceId);
  await people.load();

  const appearances = new Map<string, AppearanceRecord>();
  (input.lineups ?? []).forEach((lineup, i) => {
    const at = `input.lineups[${i}]`;
    const team = side(lineup.team, `${at}.team`);
    if (lineup.starters.length === 0 || lineup.starters.length > 11) throw new EditInputError(`${at}.starters`, 'a line-up has 1 to 11 starters');
    lineup.starters.forEach((name, j) => {
      const playerId = people.resolve(name, team, `${at}.starters[${j}]`);
      appearances.set(playerId, { matchId: match.id, playerId, teamId: team, starter: true, minuteOn: 0, sources });
    });
    (lineup.substitutions ?? []).forEach((sub, j) => {
      const subAt = `${at}.substitutions[${j}]`;
      const time = clock(sub.minute, `${subAt}.minute`);
      const onId = people.resolve(sub.on, team, `${subAt}.on`);
      if (appearances.has(onId)) throw new EditInputError(`${subAt}.on`, `${sub.on} is already on the pitch`);
      const offId = sub.off ? people.resolve(sub.off, team, `${subAt}.off`) : null;
      if (offId) {
        const leaving = appearances.get(offId);
        if (!leaving || leaving.minuteOff != null) throw new EditInputError(`${subAt}.off`, `${sub.off} is not on the pitch then`);
        leaving.minuteOff = time.elapsed;
      }
      appearances.set(onId, { matchId: match.id, playerId: onId, teamId: team, starter: false, minuteOn: time.elapsed, sources });
      bundle.substitutions.push({
        id: substitutionId(match.id, onId), matchId: match.id, teamId: team, playerOnId: onId, playerOffId: offId,
        minute: time.minute, addedTime: time.addedTime, period: time.period, sources,
      });
    });
  });
  for (const appearance of appearances.values()) {
    appearance.minutes = pitchTime(appearance.starter, { cameOn: appearance.minuteOn, wentOff: appearance.minuteOff }, extraTime).minutes;
  }
  bundle.appearances.push(...appearances.values());

  (input.goals ?? []).forEach((goal, i) => {
    const at = `input.goals[${i}]`;
    const team = side(goal.team, `${at}.team`);
    // An own goal's scorer plays for the other side.
    const scorerTeam = goal.ownGoal ? sides.find((t) => t !== team)! : team;
    const time = clock(goal.minute, `${at}.minute`);
    bundle.goals.push({
      id: goalId(match.id, i + 1), matchId: match.id, teamId: team,
      scorerId: people.resolve(goal.scorer, scorerTeam, `${at}.scorer`),
      assistId: goal.assist ? people.resolve(goal.assist, team, `${at}.assist`) : null,
      sequence: i + 1, minute: time.minute, addedTime: time.addedTime, period: time.period,
      penalty: goal.penalty ?? false, ownGoal: goal.ownGoal ?? false, sources,
    });
  });

  (input.cards ?? []).forEach((card, i) => {
    const at = `input.cards[${i}]`;
    const team = side(card.team, `${at}.team`);
    if (!(CARDS as readonly string[]).includes(card.card)) throw new EditInputError(`${at}.card`, `expected one of ${CARDS.join(', ')}`);
    const time = clock(card.minute, `${at}.minute`);
    bundle.bookings.push({
      id: numberedId('bookings', match.id, i + 1), matchId: match.id, teamId: team, playerId: people.resolve(card.player, team, `${at}.player`),
      sequence: i + 1, minute: time.minute, addedTime: time.addedTime, period: time.period, card: card.card as Card, sources,
    });
  });
  bundle.people.push(...people.records());
  return bundle;
}

/** The match record the report states, and its stage when the graph lacks it. */
async function resolveMatch(graph: GraphClient, input: MatchReportInput, bundle: FactBundle, sources: string[]): Promise<HeldMatch> {
  const ref = input.match;
  await checkPlace(graph, ref);
  let held: HeldMatch | undefined;
  // Scores as the report gives them, home first; turned when the graph holds the match the other way round.
  let scores = [input.homeScore, input.awayScore];
  if (ref.id) {
    held = await readHeldMatch(graph, ref.id);
    if (!held) throw new EditInputError('input.match.id', `no match has the id "${ref.id}"`);
  } else {
    if (!ref.homeTeam || !ref.awayTeam) throw new EditInputError('input.match', 'give the match id, or its home and away teams');
    if (ref.homeTeam === ref.awayTeam) throw new EditInputError('input.match.awayTeam', 'home and away must be different teams');
    if (ref.date && !calendarDate.safeParse(ref.date).success) throw new EditInputError('input.match.date', 'must be a real date YYYY-MM-DD');
    const names = await readTeamNames(graph, [ref.homeTeam, ref.awayTeam]);
    for (const [side, team] of [['homeTeam', ref.homeTeam], ['awayTeam', ref.awayTeam]] as const) {
      if (!names.has(team)) throw new EditInputError(`input.match.${side}`, `no team has the id "${team}"`);
    }
    const [found] = ref.date ? await findMatchOn(graph, ref.homeTeam, ref.awayTeam, ref.date) : [];
    if (found && !found.aIsHome) scores = [scores[1], scores[0]];
    held = found ?? (await newMatch(graph, ref, names, bundle, sources));
  }
  const stated = <T>(value: T | null | undefined): T | null => value ?? null;
  if (input.kickoff && !timeOfDay.safeParse(input.kickoff).success) throw new EditInputError('input.kickoff', 'must be a time HH:MM');
  for (const side of ['homeScore', 'awayScore'] as const) {
    const score = input[side];
    if (score !== null && score !== undefined && (score < LIMITS.goals.min || score > LIMITS.goals.max)) {
      throw new EditInputError(`input.${side}`, `must be from ${LIMITS.goals.min} to ${LIMITS.goals.max}`);
    }
  }
  if (input.venue && !(await holdsEntity(graph, 'Venue', input.venue))) throw new EditInputError('input.venue', `no venue has the id "${input.venue}"`);
  const [homeScore, awayScore] = scores.map(stated);
  const winnerTeamId = scoreWinner(held.homeTeamId, held.awayTeamId, homeScore, awayScore);
  const record: MatchRecord = {
    id: held.id, tournamentId: held.tournamentId, stageId: held.stageId, stage: held.stage as StageSlug | null,
    homeTeamId: held.homeTeamId, awayTeamId: held.awayTeamId,
    date: stated(ref.date), kickoff: stated(input.kickoff), venueId: stated(input.venue), competition: stated(ref.competition), city: stated(ref.city),
    homeScore, awayScore, extraTime: stated(input.extraTime), sources,
    // An unequal score names the winner; a level one leaves it to a shoot-out the report does not give.
    ...(winnerTeamId ? { winnerTeamId } : {}),
  };
  bundle.matches.push(record);
  return held;
}

/** The competition and city a report names, checked before anything else of the match. */
async function checkPlace(graph: GraphClient, ref: MatchReportInput['match']): Promise<void> {
  if (ref.competition != null) {
    if (ref.tournament || ref.stage) throw new EditInputError('input.match.competition', 'give a World Cup match its tournament and stage, any other match its competition, not both');
    // The competitions are those of the graph's matches, named as the international results name them.
    if (!(await holdsCompetition(graph, ref.competition))) {
      throw new EditInputError('input.match.competition', `no match of the graph is of the competition "${ref.competition}"; name it as Match.competition does, e.g. "Friendly" or "Copa América"`);
    }
  }
  if (ref.city != null && (!ref.city.trim() || ref.city.length > MAX_VALUE_LENGTH)) {
    throw new EditInputError('input.match.city', `must be a place name of 1 to ${MAX_VALUE_LENGTH} characters`);
  }
}

async function newMatch(graph: GraphClient, ref: MatchReportInput['match'], names: Map<string, string>, bundle: FactBundle, sources: string[]): Promise<HeldMatch> {
  if (ref.competition) return newCompetitionMatch(ref);
  if (!ref.tournament || !ref.stage) {
    throw new EditInputError('input.match', `the graph holds no match of ${ref.homeTeam} and ${ref.awayTeam}${ref.date ? ` on ${ref.date}` : ''}; give its tournament and stage, or its competition, to record a new one`);
  }
  if (!(await holdsEntity(graph, 'Tournament', ref.tournament))) throw new EditInputError('input.match.tournament', `no tournament has the id "${ref.tournament}"`);
  if (!(STAGE_SLUGS as readonly string[]).includes(ref.stage)) throw new EditInputError('input.match.stage', `expected one of ${STAGE_SLUGS.join(', ')}`);
  if (!ref.date) throw new EditInputError('input.match.date', 'a new match needs its date');
  const stage = ref.stage as StageSlug;
  const id = matchId(ref.tournament, stage, names.get(ref.homeTeam!)!, names.get(ref.awayTeam!)!);
  const held = await readHeldMatch(graph, id);
  if (held) return held;
  if (!(await holdsEntity(graph, 'Stage', stageId(ref.tournament, stage)))) bundle.stages.push(stageRecord(ref.tournament, stage, sources));
  return { id, tournamentId: ref.tournament, stageId: stageId(ref.tournament, stage), stage, homeTeamId: ref.homeTeam!, awayTeamId: ref.awayTeam!, extraTime: null };
}

/** A new match outside the World Cups, with the id the international results give it. */
function newCompetitionMatch(ref: MatchReportInput['match']): HeldMatch {
  if (ref.competition === WORLD_CUP || ref.competition === WOMENS_WORLD_CUP) {
    throw new EditInputError('input.match.competition', 'a new World Cup match is recorded with its tournament and stage');
  }
  if (!ref.date) throw new EditInputError('input.match.date', 'a new match needs its date');
  const id = competitionMatchId(ref.date, ref.homeTeam!, ref.awayTeam!);
  return { id, tournamentId: null, stageId: null, stage: null, homeTeamId: ref.homeTeam!, awayTeamId: ref.awayTeam!, extraTime: null };
}

/** People of the report: an id the graph holds is taken as is, a name is resolved as the importers resolve names. */
class People {
  private resolver!: PersonResolver;
  private readonly ids = new Set<string>();

  constructor(
    private readonly graph: GraphClient,
    private readonly sourceId: string,
  ) {}

  async load(): Promise<void> {
    const [known, reserved] = await Promise.all([loadKnownPeople(this.graph), loadOtherEntityIds(this.graph)]);
    known.forEach((person) => this.ids.add(person.id));
    this.resolver = new PersonResolver(known, reserved);
  }

  resolve(reference: string, teamId: string, at: string): string {
    const name = reference.trim();
    if (!name || name.length > MAX_VALUE_LENGTH) throw new EditInputError(at, `expected a person's id or name of 1 to ${MAX_VALUE_LENGTH} characters`);
    if (this.ids.has(name)) return name;
    return this.resolver.resolve({
      name, aliases: [], birthDate: null, teamIds: [teamId], role: 'Player',
      sourceId: this.sourceId, ref: `${this.sourceId}:${fold(name)}`, keySpace: this.sourceId,
    });
  }

  records() {
    return this.resolver.records();
  }
}
