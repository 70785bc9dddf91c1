import { queryGraphQL } from '../api';
import type { MatchScope, TypedDocumentString } from '../generated/graphql';
import { drawAssistCoverage } from './assist-coverage';
import { drawAssistLinkList } from './assist-link-list';
import { drawAssistNetwork } from './assist-network';
import { describeYears } from './assist-wording';
import { showDataCredits } from '../data-credits';
import { catalogSpelling, loadCatalog } from './catalog';
import { drawClaimsPanel } from './claims-panel';
import {
  ASSIST_NETWORK_QUERY,
  HEAD_TO_HEAD_QUERY,
  MATCH_CLAIMS_QUERY,
  MATCH_LINE_UPS_QUERY,
  MAX_ASSIST_LINKS,
  type AssistFilter,
  type AssistLink,
  type HeadToHead,
  type MatchClaims,
  type MatchLineUps,
  type Meeting,
} from './explorer-queries';
import { byMeetingTime, drawHeadToHeadTimeline, resultForTeamA } from './head-to-head-timeline';
import { drawLineUps } from './line-ups';
import { describeGoal, describeMeeting } from './match-wording';

const TIMELINE_WIDTH = 960;

function required<T extends Element>(selector: string): T {
  const element = document.querySelector<T>(selector);
  if (!element) throw new Error(`the explorer page has no ${selector}`);
  return element;
}

function formField(form: HTMLFormElement, name: string): HTMLInputElement | HTMLSelectElement {
  const field = form.elements.namedItem(name);
  if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) {
    throw new Error(`the form #${form.id} has no field named ${name}`);
  }
  return field;
}

const headToHeadForm = required<HTMLFormElement>('#head-to-head-form');
const headToHeadStatus = required<HTMLElement>('#head-to-head .status');
const scopeSelect = formField(headToHeadForm, 'scope') as HTMLSelectElement;
const assistsForm = required<HTMLFormElement>('#assists-form');
const assistsStatus = required<HTMLElement>('#assists .status');
const yearSelect = formField(assistsForm, 'years') as HTMLSelectElement;

function showStatus(element: HTMLElement, text: string, isError = false): void {
  element.textContent = text;
  element.classList.toggle('error', isError);
}

/** Keeps the current choices in the address bar, so a view can be shared or reloaded. */
function rememberChoices(choices: Record<string, string>): void {
  const params = new URLSearchParams(location.search);
  for (const [key, value] of Object.entries(choices)) {
    if (value) params.set(key, value);
    else params.delete(key);
  }
  history.replaceState(null, '', `${location.pathname}?${params}`);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function listItem(text: string, className?: string): HTMLLIElement {
  const item = document.createElement('li');
  item.textContent = text;
  if (className) item.className = className;
  return item;
}

function scorerList(meeting: Meeting): HTMLUListElement {
  const list = document.createElement('ul');
  list.className = 'scorers';
  for (const goal of meeting.goals) {
    list.append(listItem(`${goal.team ? `${goal.team.name}: ` : ''}${describeGoal(goal)}`, 'scorer'));
  }
  if (!meeting.goals.length) {
    const goalless = meeting.homeScore === 0 && meeting.awayScore === 0;
    list.append(listItem(goalless ? 'no goals' : 'scorers not recorded'));
  }
  return list;
}

function selectMeeting(meeting: Meeting): void {
  for (const mark of document.querySelectorAll('.meeting-mark')) {
    mark.classList.toggle('selected', mark.getAttribute('data-meeting-id') === meeting.id);
  }
  const heading = document.createElement('strong');
  heading.textContent = describeMeeting(meeting);
  required<HTMLElement>('#head-to-head .meeting-detail').replaceChildren(heading, scorerList(meeting));
  rememberChoices({ match: meeting.id });
  void loadMatchPanel(meeting, 'line-ups', MATCH_LINE_UPS_QUERY, (container, match: MatchLineUps) =>
    drawLineUps(container, meeting, match));
  void loadMatchPanel(meeting, 'claims', MATCH_CLAIMS_QUERY, (container, match: MatchClaims) =>
    drawClaimsPanel(container, match.claims));
}

/** Fills the selected meeting's panel (`.line-ups`, `.claims`) with what `query` asks of the match. */
async function loadMatchPanel<Match>(
  meeting: Meeting,
  panel: string,
  query: TypedDocumentString<{ match?: Match | null }, { id: string }>,
  draw: (container: HTMLElement, match: Match) => void,
): Promise<void> {
  const container = required<HTMLElement>(`#head-to-head .${panel}`);
  container.textContent = `Loading the ${panel}…`;
  try {
    const { match } = await queryGraphQL(query, { id: meeting.id });
    // A later click may have picked another meeting while this one loaded.
    if (!document.querySelector(`.meeting-mark.selected[data-meeting-id="${CSS.escape(meeting.id)}"]`)) return;
    if (match) draw(container, match);
    else container.textContent = 'This match is no longer in the graph.';
  } catch (error) {
    container.textContent = `Could not load the ${panel}: ${(error as Error).message}`;
  }
}

function resultLegend(headToHead: HeadToHead): HTMLLIElement[] {
  const entries = [
    ['win', `${headToHead.teamA.name} won`],
    ['draw', 'Draw (a shoot-out counts as a draw)'],
    ['loss', `${headToHead.teamB.name} won`],
  ];
  if (headToHead.meetings.some((meeting) => resultForTeamA(headToHead, meeting) === 'unknown')) {
    entries.push(['unknown', 'Not counted: no score recorded']);
  }
  return entries.map(([result, text]) => {
    const item = listItem(text);
    const swatch = document.createElement('span');
    swatch.className = `swatch result-${result}`;
    item.prepend(swatch);
    return item;
  });
}

/** How the page names the meetings of a scope, and where two teams that never met did not meet. */
const SCOPE_WORDS: Record<MatchScope, { meeting: string; nowhere: string }> = {
  WORLD_CUP: { meeting: 'World Cup meeting', nowhere: 'at a World Cup' },
  ALL_MATCHES: { meeting: 'meeting', nowhere: 'in any competition' },
};

function showHeadToHead(headToHead: HeadToHead, scope: MatchScope): void {
  const { teamA, teamB } = headToHead;
  // The API counts only meetings with a score in the record; the others are still drawn and listed.
  const unscored = headToHead.meetings.length - headToHead.played;
  required<HTMLElement>('#head-to-head .record').textContent =
    `${plural(headToHead.meetings.length, SCOPE_WORDS[scope].meeting)}` +
    `${unscored ? ` (${unscored} without a recorded score)` : ''}: ` +
    `${teamA.name} ${plural(headToHead.winsA, 'win')}, ${plural(headToHead.draws, 'draw')}, ` +
    `${teamB.name} ${plural(headToHead.winsB, 'win')} · goals ${headToHead.goalsA}–${headToHead.goalsB}`;
  required<HTMLElement>('#head-to-head .result-legend').replaceChildren(...resultLegend(headToHead));
  required<HTMLElement>('#head-to-head .meeting-detail').replaceChildren();
  required<HTMLElement>('#head-to-head .line-ups').replaceChildren();
  required<HTMLElement>('#head-to-head .claims').replaceChildren();
  const timeline = required<HTMLElement>('#head-to-head .timeline-container');
  if (headToHead.meetings.length) {
    drawHeadToHeadTimeline(timeline, headToHead, { width: TIMELINE_WIDTH, meeting: SCOPE_WORDS[scope].meeting, onSelect: selectMeeting });
  } else {
    timeline.replaceChildren();
  }
  required<HTMLOListElement>('#head-to-head .meeting-list').replaceChildren(
    ...[...headToHead.meetings].sort(byMeetingTime).map((meeting) => {
      const item = listItem(describeMeeting(meeting));
      item.dataset.meetingId = meeting.id;
      item.append(scorerList(meeting));
      return item;
    }),
  );
}

async function loadHeadToHead(teamA: string, teamB: string, scope: MatchScope): Promise<void> {
  showStatus(headToHeadStatus, `Loading ${teamA} v ${teamB}…`);
  try {
    const { headToHead } = await queryGraphQL(HEAD_TO_HEAD_QUERY, { teamA, teamB, scope });
    showHeadToHead(headToHead, scope);
    showStatus(headToHeadStatus, headToHead.meetings.length ? '' : `${teamA} and ${teamB} never met ${SCOPE_WORDS[scope].nowhere}.`);
    const linked = headToHead.meetings.find((meeting) => meeting.id === linkedMeetingId);
    linkedMeetingId = null;
    if (linked) selectMeeting(linked);
  } catch (error) {
    showStatus(headToHeadStatus, `Could not load the head-to-head: ${(error as Error).message}`, true);
  }
}

function selectAssistLink(link: AssistLink): void {
  for (const item of document.querySelectorAll<HTMLElement>('.assist-links > li')) {
    const selected = item.dataset.assisterId === link.assister.id && item.dataset.scorerId === link.scorer.id;
    item.classList.toggle('selected', selected);
    if (selected) item.scrollIntoView({ block: 'nearest' });
  }
}

async function loadAssists(filter: AssistFilter, scope: string): Promise<void> {
  showStatus(assistsStatus, `Loading assists for ${scope}…`);
  const container = required<HTMLElement>('#assists .network-container');
  const linkList = required<HTMLElement>('#assists .assist-link-list');
  try {
    const { assists, assistCoverage } = await queryGraphQL(ASSIST_NETWORK_QUERY, {
      filter,
      first: MAX_ASSIST_LINKS,
    });
    drawAssistCoverage(required<HTMLElement>('#assists .coverage'), assistCoverage);
    const covered = assistCoverage.filter((coverage) => coverage.goalsWithAssistData > 0);
    if (!assists.length) {
      container.replaceChildren();
      linkList.replaceChildren();
      // Without data the graph cannot tell "nobody assisted" from "nobody recorded it".
      showStatus(
        assistsStatus,
        covered.length ? `No assisted goals for ${scope}.` : `No assist data for ${scope}: the sources do not record assists there.`,
      );
      return;
    }
    drawAssistNetwork(container, assists, selectAssistLink);
    drawAssistLinkList(linkList, assists);
    const goals = assists.reduce((sum, link) => sum + link.count, 0);
    showStatus(
      assistsStatus,
      `${plural(goals, 'assisted goal')} for ${scope}; each arrow points from the assister to the scorer.`,
    );
  } catch (error) {
    showStatus(assistsStatus, `Could not load the assists: ${(error as Error).message}`, true);
  }
}

/** The team names the pickers offer, once the catalog has loaded. */
let knownTeamNames: string[] = [];

/** A team field's name in the catalog's spelling, written back so the form shows what was asked. */
function teamField(form: HTMLFormElement, name: string): string {
  const field = formField(form, name);
  field.value = catalogSpelling(knownTeamNames, field.value);
  return field.value;
}

function submitHeadToHead(): void {
  const [teamA, teamB] = [teamField(headToHeadForm, 'teamA'), teamField(headToHeadForm, 'teamB')];
  const scope = scopeSelect.value as MatchScope;
  // The default scope keeps the address as it was.
  rememberChoices({ teamA, teamB, scope: scope === 'WORLD_CUP' ? '' : scope, match: '' });
  void loadHeadToHead(teamA, teamB, scope);
}

function submitAssists(): void {
  const years = [...yearSelect.selectedOptions].map((option) => Number(option.value)).sort((a, b) => a - b);
  const team = teamField(assistsForm, 'team');
  rememberChoices({ years: years.join(','), year: '', team });
  const filter: AssistFilter = { ...(years.length ? { tournamentYears: years } : {}), ...(team ? { team } : {}) };
  const scope = [team, describeYears(years)].filter(Boolean).join(' at ');
  void loadAssists(filter, scope);
}

function fillPickers(teamNames: string[], tournamentYears: number[]): void {
  required<HTMLDataListElement>('#team-names').replaceChildren(...teamNames.map((name) => new Option(name, name)));
  const chosen = new Set([...yearSelect.selectedOptions].map((option) => option.value));
  yearSelect.replaceChildren(
    ...tournamentYears.map((year) => new Option(String(year), String(year), false, chosen.has(String(year)))),
  );
}

headToHeadForm.addEventListener('submit', (event) => {
  event.preventDefault();
  submitHeadToHead();
});
scopeSelect.addEventListener('change', submitHeadToHead);
assistsForm.addEventListener('submit', (event) => {
  event.preventDefault();
  submitAssists();
});

const params = new URLSearchParams(location.search);
/** The meeting the address names (a claim's evidence links there): selected once its head-to-head loads. */
let linkedMeetingId = params.get('match');
// The seeded rivalry and tournament: a first visit shows something rather than empty forms.
formField(headToHeadForm, 'teamA').value = params.get('teamA') ?? 'Argentina';
formField(headToHeadForm, 'teamB').value = params.get('teamB') ?? 'England';
scopeSelect.value = params.get('scope') === 'ALL_MATCHES' ? 'ALL_MATCHES' : 'WORLD_CUP';
formField(assistsForm, 'team').value = params.get('team') ?? '';
// `year` is the address an earlier version of the page kept; it still opens the same view.
const initialYears = (params.get('years') ?? params.get('year') ?? '2026').split(',').filter(Boolean);
yearSelect.append(...initialYears.map((year) => new Option(year, year, true, true)));

submitHeadToHead();
submitAssists();
loadCatalog().then(
  ({ teamNames, tournamentYears }) => {
    knownTeamNames = teamNames;
    fillPickers(teamNames, tournamentYears);
  },
  (error: Error) => showStatus(assistsStatus, `Could not list the teams and tournaments: ${error.message}`, true),
);
const credits = required<HTMLElement>('#data-credits');
showDataCredits(credits).catch((error: Error) => (credits.textContent = `Could not list the data's sources: ${error.message}`));
