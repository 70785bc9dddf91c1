import type { AssistCoverage, SourceRef } from './explorer-queries';

function goalCount(count: number): string {
  return `${count} goal${count === 1 ? '' : 's'}`;
}

/** One World Cup's line, worded so that a tournament without data never reads as one without assists. */
export function describeCoverage(coverage: AssistCoverage): string {
  const { tournamentYear: year, goals, goalsWithAssistData: known } = coverage;
  if (goals === 0) return `${year}: no goals in scope`;
  if (known === 0) return `${year}: no assist data (${goalCount(goals)} not covered)`;
  const sources = coverage.sources.map((source) => source.title).join(', ');
  return `${year}: assist data for ${known} of ${goalCount(goals)}${sources ? ` (${sources})` : ''}`;
}

/** Tournaments with assist data first (newest first), then those without, so the useful part leads. */
export function byCoverage(a: AssistCoverage, b: AssistCoverage): number {
  return Number(b.goalsWithAssistData > 0) - Number(a.goalsWithAssistData > 0) || b.tournamentYear - a.tournamentYear;
}

/** A source as a link where it has an address, else its title. */
export function sourceLink(source: SourceRef): HTMLElement {
  const element = document.createElement(source.url ? 'a' : 'span');
  element.textContent = source.title;
  if (element instanceof HTMLAnchorElement && source.url) {
    element.href = source.url;
    element.rel = 'noopener noreferrer';
  }
  element.className = 'source';
  element.dataset.sourceId = source.id;
  return element;
}

/** Lists the coverage of every World Cup in scope; replaces `container`'s content. */
export function drawAssistCoverage(container: HTMLElement, coverage: AssistCoverage[]): void {
  const heading = document.createElement('h3');
  heading.textContent = 'Assist data';
  const list = document.createElement('ul');
  list.className = 'coverage-list';
  list.append(
    ...[...coverage].sort(byCoverage).map((entry) => {
      const item = document.createElement('li');
      item.textContent = describeCoverage(entry);
      item.dataset.tournamentYear = String(entry.tournamentYear);
      item.classList.toggle('no-data', entry.goalsWithAssistData === 0);
      return item;
    }),
  );
  container.replaceChildren(heading, list);
}
