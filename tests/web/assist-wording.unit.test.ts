import { describe, expect, it } from 'vitest';
import {
  byCoverage,
  describeAssistGoal,
  describeAssistLink,
  describeCoverage,
  describeYears,
  linkSources,
} from '../../web/explorer/assist-wording';
import type { AssistCoverage, AssistGoal, AssistLink, SourceRef } from '../../web/explorer/explorer-queries';

const WYSCOUT: SourceRef = { id: 'wyscout', title: 'Wyscout', url: null };
const FJELSTUL: SourceRef = { id: 'fjelstul', title: 'Fjelstul', url: 'https://example.org/fjelstul' };

function coverage(tournamentYear: number, goals: number, goalsWithAssistData: number): AssistCoverage {
  return { tournamentYear, goals, goalsWithAssistData, sources: goalsWithAssistData ? [WYSCOUT] : [] };
}

function goal(minute: number, addedTime: number | null, sources = [WYSCOUT]): AssistGoal {
  const team = (name: string) => ({ id: `${name.toLowerCase()}-men`, name });
  return {
    id: `goal-${minute}`,
    minute,
    addedTime,
    team: team('Argentina'),
    match: { id: 'm', date: null, tournament: { year: 2018 }, homeTeam: team('Nigeria'), awayTeam: team('Argentina') },
    sources,
  };
}

describe('the assist panel wording', () => {
  it('tells a World Cup without assist data from one with data', () => {
    expect(describeCoverage(coverage(2018, 3, 3))).toBe('2018: assist data for 3 of 3 goals (Wyscout)');
    expect(describeCoverage(coverage(1986, 1, 0))).toBe('1986: no assist data (1 goal not covered)');
    expect(describeCoverage(coverage(1930, 0, 0))).toBe('1930: no goals in scope');
  });

  it('lists the covered World Cups first, newest first', () => {
    const sorted = [coverage(1986, 3, 0), coverage(2018, 2, 2), coverage(1990, 1, 0), coverage(2026, 3, 3)].sort(
      byCoverage,
    );
    expect(sorted.map((entry) => entry.tournamentYear)).toEqual([2026, 2018, 1990, 1986]);
  });

  it('names the years of the scope', () => {
    expect(describeYears([])).toBe('every World Cup');
    expect(describeYears([2026])).toBe('the 2026 World Cup');
    expect(describeYears([2014, 2018, 2026])).toBe('the 2014, 2018 and 2026 World Cups');
  });

  it("gives a pair's count, each goal's match and minute, and each source once", () => {
    const link: AssistLink = {
      assister: { id: 'lionel-messi', name: 'Lionel Messi' },
      scorer: { id: 'sergio-aguero', name: 'Sergio Agüero' },
      count: 2,
      goals: [goal(14, null, [FJELSTUL, WYSCOUT]), goal(90, 2)],
    };
    expect(describeAssistLink(link)).toBe('Lionel Messi → Sergio Agüero: 2 assists');
    expect(link.goals.map(describeAssistGoal)).toEqual(["2018 Nigeria v Argentina, 14'", "2018 Nigeria v Argentina, 90+2'"]);
    expect(linkSources(link).map((source) => source.id)).toEqual(['fjelstul', 'wyscout']);
  });
});
