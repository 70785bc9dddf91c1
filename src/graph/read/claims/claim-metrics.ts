import { CLAIM_COMPUTATIONS, type ClaimComputation } from './claim-computations';

/**
 * The metric registry: every claim metric the graph can compute, the one computation behind it and
 * the figure of that computation a claim's `value` states. A claim whose metric is here is
 * checkable; any other (FIFA rankings) is NOT_COMPUTABLE. A new claim in the
 * seeds with a metric of this list is checked without a code change.
 */
export interface ClaimMetric {
  computation: ClaimComputation;
  primary: string;
}

const computation = (name: (typeof CLAIM_COMPUTATIONS)[number]['name']): ClaimComputation =>
  CLAIM_COMPUTATIONS.find((c) => c.name === name)!;

const metric = (name: (typeof CLAIM_COMPUTATIONS)[number]['name'], primary: string): ClaimMetric => ({ computation: computation(name), primary });

const goalOrAssistStreak = metric('player-goal-or-assist-streak', 'matches');

export const CLAIM_METRICS: Readonly<Record<string, ClaimMetric>> = {
  'world-cup-goals': metric('player-goals', 'goals'),
  'tournament-goals': metric('player-goals', 'goals'),
  'goals-as-substitute': metric('player-goals', 'goals as a substitute'),
  'world-cup-assists': metric('player-assists', 'assists'),
  'match-assists': metric('player-assists', 'assists'),
  'world-cup-goal-contributions': metric('player-goal-contributions', 'goal contributions'),
  'world-cup-consecutive-matches-with-goal-or-assist': goalOrAssistStreak,
  'consecutive-world-cup-matches-with-goal-or-assist': goalOrAssistStreak,
  'world-cup-knockout-assists': metric('player-knockout-assists', 'knockout assists'),
  'knockout-matches-played-in-full': metric('knockout-matches-played-in-full', 'matches'),
  age: metric('age-at-match', 'years'),
  'world-cup-final-appearances': metric('team-final-appearances', 'finals'),
  'consecutive-world-cup-finals': metric('team-consecutive-finals', 'finals in a row'),
  'teams-with-consecutive-world-cup-titles': metric('teams-with-consecutive-titles', 'teams'),
  'world-cup-semi-final-eliminations': metric('team-semi-final-eliminations', 'eliminated'),
  'deficit-overturned': metric('match-deficit-overturned', 'goals'),
  'head-to-head-record': metric('team-head-to-head', 'matches'),
  'winless-run-ended': metric('team-winless-run', 'matches'),
};

export function claimMetric(name: string): ClaimMetric | undefined {
  return Object.hasOwn(CLAIM_METRICS, name) ? CLAIM_METRICS[name] : undefined;
}
