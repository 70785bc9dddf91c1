/** How the explorer words a match and its goals, apart from the DOM so that it can be tested without a browser. */
import type { MatchHeading, MatchSummary, Meeting, MeetingGoal } from './explorer-queries';

/** `85'`, or `90+2'` for a goal in added time. */
export function describeMinute(goal: Pick<MeetingGoal, 'minute' | 'addedTime'>): string {
  return goal.addedTime ? `${goal.minute}+${goal.addedTime}'` : `${goal.minute}'`;
}

/** The stage as the tournament names it, or else as its slug reads (`round-of-16` → `Round of 16`). */
/** The stage as the tournament names it, or else as its enum value reads (`ROUND_OF_16` → `Round of 16`). */
export function describeStage(meeting: Pick<Meeting, 'stage' | 'stageName'>): string {
  if (meeting.stageName) return meeting.stageName;
  if (!meeting.stage) return '';
  const words = meeting.stage.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function describeScore(
  meeting: Pick<Meeting, 'homeTeam' | 'awayTeam' | 'homeScore' | 'awayScore' | 'penalties' | 'winner'>,
): string {
  if (meeting.homeScore === null || meeting.awayScore === null) {
    const teams = `${meeting.homeTeam.name} v ${meeting.awayTeam.name}`;
    return meeting.winner
      ? `${teams}, won by ${meeting.winner.name} (score not recorded)`
      : `${teams} (no result recorded)`;
  }
  const score = `${meeting.homeTeam.name} ${meeting.homeScore}–${meeting.awayScore} ${meeting.awayTeam.name}`;
  if (!meeting.penalties) return score;
  const shootOutWinner = meeting.winner ? `${meeting.winner.name} won ` : '';
  return `${score} (${shootOutWinner}${meeting.penalties.home}–${meeting.penalties.away} on penalties)`;
}

/** `2026-07-15 · 2026 Semi-final · England 1–2 Argentina`; without a date where the sources give none. */
export function describeMeeting(meeting: MatchSummary): string {
  const when = meeting.date ? `${meeting.date} · ` : '';
  return `${when}${describeOccasion(meeting)} · ${describeScore(meeting)}`;
}

/** The year a match belongs to: its World Cup's, or else its date's. */
export function matchYear(match: Pick<MatchHeading, 'tournament' | 'date'>): number {
  return match.tournament?.year ?? Number((match.date ?? '').slice(0, 4));
}

/**
 * `2026 Semi-final` for a World Cup match (`2026 · Semi-final` with that separator); its edition or
 * competition (`Copa América 2021`, `Friendly`) for another.
 */
export function describeOccasion(
  meeting: Pick<MatchSummary, 'tournament' | 'date' | 'stage' | 'stageName' | 'competition' | 'edition'>,
  separator = ' ',
): string {
  if (meeting.tournament) return `${meeting.tournament.year}${separator}${describeStage(meeting)}`;
  return meeting.edition ?? meeting.competition ?? String(matchYear(meeting));
}

export function describeGoal(goal: MeetingGoal): string {
  const minute = describeMinute(goal);
  const notes = [goal.penalty ? 'pen.' : '', goal.ownGoal ? 'o.g.' : ''].filter(Boolean).join(', ');
  const assist = goal.assistedBy ? `, assisted by ${goal.assistedBy.name}` : '';
  return `${minute} ${goal.scorer?.name ?? 'unknown scorer'}${notes ? ` (${notes})` : ''}${assist}`;
}
