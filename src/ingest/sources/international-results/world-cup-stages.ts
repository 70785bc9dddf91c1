import type { StageSlug } from '../../../graph/model/identity';

/** A World Cup match as a results list gives it: no stage, only the date, the teams and the score. */
export interface FixtureResult {
  date: string;
  home: string;
  away: string;
  homeScore: number;
  awayScore: number;
  /** The shoot-out's winner, where there was one. */
  shootoutWinner: string | null;
}

export interface StagedFixture<F extends FixtureResult> {
  fixture: F;
  stage: StageSlug;
  /** A drawn knockout match played again (1934, 1938). */
  replay: boolean;
  /** A group play-off between two teams that had already met in the group (1954, 1958). */
  playOff: boolean;
}

/**
 * How each men's World Cup was played: the knockout rounds, and the second round-robin stage of
 * the years that had one with its number of matches. The stage of a match follows from these and
 * the results alone, so that a results list reaches the same match ids as the data sets that name
 * the stage, whichever is imported first.
 */
const FORMATS: Record<number, { knockout: StageSlug[]; secondPhase?: { stage: StageSlug; matches: number } }> = {
  1930: { knockout: ['semi-final', 'final'] },
  1934: { knockout: ['round-of-16', 'quarter-final', 'semi-final', 'third-place', 'final'] },
  1938: { knockout: ['round-of-16', 'quarter-final', 'semi-final', 'third-place', 'final'] },
  1950: { knockout: [], secondPhase: { stage: 'final-round', matches: 6 } },
  1974: { knockout: ['third-place', 'final'], secondPhase: { stage: 'second-group-stage', matches: 12 } },
  1978: { knockout: ['third-place', 'final'], secondPhase: { stage: 'second-group-stage', matches: 12 } },
  1982: { knockout: ['semi-final', 'third-place', 'final'], secondPhase: { stage: 'second-group-stage', matches: 12 } },
};
const QUARTER_FINALS: StageSlug[] = ['quarter-final', 'semi-final', 'third-place', 'final'];
const ROUND_OF_16: StageSlug[] = ['round-of-16', ...QUARTER_FINALS];

function formatOf(year: number): (typeof FORMATS)[number] {
  if (FORMATS[year]) return FORMATS[year];
  if (year <= 1970) return { knockout: QUARTER_FINALS };
  if (year >= 2026) return { knockout: ['round-of-32', ...ROUND_OF_16] };
  return { knockout: ROUND_OF_16 };
}

/** A drawn knockout match was replayed within days (1934: the next day; 1938: four days later). */
const REPLAY_WITHIN_DAYS = 5;
const daysBetween = (a: FixtureResult, b: FixtureResult) => (Date.parse(b.date) - Date.parse(a.date)) / 86_400_000;
const pairOf = (f: FixtureResult) => [f.home, f.away].sort().join('|');
const plays = (f: FixtureResult, team: string) => f.home === team || f.away === team;
function winnerOf(f: FixtureResult): string | null {
  if (f.homeScore !== f.awayScore) return f.homeScore > f.awayScore ? f.home : f.away;
  return f.shootoutWinner;
}

/**
 * The stage of every match of one men's World Cup. The knockout rounds are found backwards from
 * the final: each round's matches are the previous matches of the next round's teams (a replay
 * joins the round of the match it replays); what is left is the group phase, whose last matches
 * form the second stage in the years that had one. Throws when the results do not fit the format.
 */
export function worldCupStages<F extends FixtureResult>(year: number, fixtures: readonly F[]): Array<StagedFixture<F>> {
  const format = formatOf(year);
  // Date order, the list's own order within a day (a stable sort).
  const ordered = [...fixtures].sort((a, b) => a.date.localeCompare(b.date));
  const staged = new Map<F, StagedFixture<F>>();
  const stage = (fixture: F, slug: StageSlug, replay = false) => staged.set(fixture, { fixture, stage: slug, replay, playOff: false });
  const before = (fixture: F) => ordered.slice(0, ordered.indexOf(fixture));
  // A replay's first match is already staged with it: the team's match before is the one before both.
  const previousOf = (team: string, fixture: F) => before(fixture).filter((f) => plays(f, team) && !staged.has(f)).at(-1);

  const rounds = format.knockout.filter((slug) => slug !== 'third-place');
  if (rounds.length > 0) {
    const lastDate = ordered.at(-1)!.date;
    const lastDay = ordered.filter((f) => f.date === lastDate);
    // 1938 played the third-place match on the day of the final: the final is between two winners.
    const final = lastDay.find((f) => [f.home, f.away].every((team) => {
      const previous = previousOf(team, f);
      return previous === undefined || winnerOf(previous) === team;
    })) ?? lastDay.at(-1)!;
    stage(final, 'final');
    let round: F[] = [final];
    for (const slug of rounds.slice(0, -1).reverse()) {
      const previous: F[] = [];
      for (const match of round) {
        for (const team of [match.home, match.away]) {
          // None: the team went through on a walkover (Sweden, 1938).
          const found = previousOf(team, match);
          if (found && !previous.includes(found)) previous.push(found);
        }
      }
      for (const match of previous) {
        // A replay's first match was a draw between the same two teams a few days before it.
        const first = before(match).filter((f) => pairOf(f) === pairOf(match)).at(-1);
        if (first !== undefined && first.homeScore === first.awayScore && !staged.has(first) && daysBetween(first, match) <= REPLAY_WITHIN_DAYS) {
          stage(first, slug);
          stage(match, slug, true);
        } else {
          stage(match, slug);
        }
      }
      round = previous;
    }
    if (format.knockout.includes('third-place')) {
      // Between the semi-finals' losers; without semi-finals (1974, 1978), the last match before the final.
      const semiFinals = [...staged.values()].filter((s) => s.stage === 'semi-final').map((s) => s.fixture);
      const losers = semiFinals.flatMap((f) => [f.home, f.away]).filter((team) => !plays(final, team));
      const unstaged = ordered.filter((f) => !staged.has(f));
      const thirdPlace = semiFinals.length === 0 ? unstaged.at(-1)
        : unstaged.find((f) => losers.every((team) => plays(f, team)) && semiFinals.every((s) => s.date <= f.date));
      if (!thirdPlace) throw new Error(`${year}: no third-place match`);
      stage(thirdPlace, 'third-place');
    }
  } else if (ordered.length === 0) {
    return [];
  }

  const groupPhase = ordered.filter((f) => !staged.has(f));
  const second = format.secondPhase;
  const secondStart = second ? groupPhase.length - second.matches : groupPhase.length;
  const met = new Set<string>();
  groupPhase.forEach((fixture, index) => {
    const slug: StageSlug = index >= secondStart ? second!.stage : 'group-stage';
    const key = `${slug}|${pairOf(fixture)}`;
    staged.set(fixture, { fixture, stage: slug, replay: false, playOff: met.has(key) });
    met.add(key);
  });
  return fixtures.map((fixture) => staged.get(fixture)!);
}
