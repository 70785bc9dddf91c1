import { byCoverage, describeCoverage } from './assist-wording';
import type { AssistCoverage, SourceRef } from './explorer-queries';

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
