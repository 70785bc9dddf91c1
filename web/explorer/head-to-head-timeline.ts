import { axisBottom } from 'd3-axis';
import { scaleUtc } from 'd3-scale';
import { select } from 'd3-selection';
import type { HeadToHead, Meeting } from './explorer-queries';
import { describeOccasion, describeScore, matchYear } from './match-wording';

/**
 * A meeting's result seen from team A, as the API counts it (`HeadToHead.outcomesA`: a shoot-out is
 * a draw). `unknown` is a meeting the record does not count: no score in the graph, even where a
 * source names the winner, or not played yet.
 */
export type MeetingResult = 'win' | 'draw' | 'loss' | 'unknown';

const MARK_RADIUS = 10;
const LANE_HEIGHT = 2 * MARK_RADIUS + 8;
const MARGIN = { top: 24, right: 32, bottom: 32, left: 32 };

const RESULTS = { WON: 'win', DRAWN: 'draw', LOST: 'loss' } as const;

export function resultForTeamA(headToHead: HeadToHead, meeting: Meeting): MeetingResult {
  const outcome = headToHead.outcomesA[headToHead.meetings.findIndex(({ id }) => id === meeting.id)];
  return outcome ? RESULTS[outcome] : 'unknown';
}

/** Where a meeting sits in time: its date, or mid-tournament (early July) when only the year is known. */
export function meetingTime(meeting: Meeting): Date {
  return meeting.date ? new Date(`${meeting.date}T00:00:00Z`) : new Date(Date.UTC(matchYear(meeting), 6, 1));
}

export function byMeetingTime(a: Meeting, b: Meeting): number {
  return meetingTime(a).getTime() - meetingTime(b).getTime();
}

/**
 * Meetings in the same tournament sit a few weeks apart, closer than a mark's width on a
 * decades-long axis: such marks go to the next free lane instead of hiding each other.
 */
function assignLanes(xs: number[]): number[] {
  const laneEnds: number[] = [];
  return xs.map((x) => {
    let lane = laneEnds.findIndex((end) => x - end >= 2 * MARK_RADIUS + 4);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = x;
    return lane;
  });
}

export interface TimelineOptions {
  width: number;
  /** What a mark is called in the timeline's label: `World Cup meeting`, or `meeting` in every competition. */
  meeting: string;
  onSelect(meeting: Meeting): void;
}

/** Draws one mark per meeting on a time axis, coloured by team A's result; replaces `container`'s content. */
export function drawHeadToHeadTimeline(container: HTMLElement, headToHead: HeadToHead, options: TimelineOptions): void {
  const meetings = [...headToHead.meetings].sort(byMeetingTime);
  const dates = meetings.map(meetingTime);
  const x = scaleUtc()
    .domain([
      new Date(Date.UTC(Math.min(...dates.map((date) => date.getUTCFullYear())) - 2, 0, 1)),
      new Date(Date.UTC(Math.max(...dates.map((date) => date.getUTCFullYear())) + 3, 0, 1)),
    ])
    .range([MARGIN.left, options.width - MARGIN.right]);
  const xs = dates.map((date) => x(date));
  const lanes = assignLanes(xs);
  const laneCount = Math.max(1, ...lanes.map((lane) => lane + 1));
  const height = MARGIN.top + laneCount * LANE_HEIGHT + MARGIN.bottom;
  const axisY = height - MARGIN.bottom;

  container.replaceChildren();
  const svg = select(container)
    .append('svg')
    .attr('class', 'timeline')
    .attr('viewBox', `0 0 ${options.width} ${height}`)
    .attr('role', 'img')
    .attr('aria-label', `${headToHead.teamA.name} v ${headToHead.teamB.name}: ${meetings.length} ${options.meeting}s`);

  svg
    .append('g')
    .attr('class', 'timeline-axis')
    .attr('transform', `translate(0,${axisY})`)
    .call(axisBottom(x).ticks(Math.min(10, Math.floor(options.width / 80))));

  const marks = svg
    .append('g')
    .selectAll('g')
    .data(meetings)
    .join('g')
    .attr('class', (meeting) => `meeting-mark result-${resultForTeamA(headToHead, meeting)}`)
    .attr('data-meeting-id', (meeting) => meeting.id)
    .attr('tabindex', 0)
    .attr('transform', (_meeting, i) => `translate(${xs[i]},${axisY - MARK_RADIUS - 6 - lanes[i] * LANE_HEIGHT})`)
    .on('click', (_event, meeting) => options.onSelect(meeting))
    .on('keydown', (event: KeyboardEvent, meeting) => {
      if (event.key === 'Enter' || event.key === ' ') options.onSelect(meeting);
    });
  marks
    .append('title')
    .text((meeting) => `${describeOccasion(meeting, ' · ')} · ${describeScore(meeting)}`);
  marks
    .append('line')
    .attr('y1', MARK_RADIUS)
    .attr('y2', (_meeting, i) => 6 + lanes[i] * LANE_HEIGHT + MARK_RADIUS);
  marks.append('circle').attr('r', MARK_RADIUS);
  marks
    .append('text')
    .attr('class', 'mark-year')
    .attr('y', -MARK_RADIUS - 5)
    .text((meeting) => String(matchYear(meeting)));
}
