import { sourceLink } from './assist-coverage';
import { describeAssistGoal, describeAssistLink, linkSources } from './assist-wording';
import type { AssistLink } from './explorer-queries';

/**
 * Lists every pair drawn in the network with its goals (match and minute) and their sources, so
 * each arrow's count can be checked against the matches behind it; replaces `container`'s content.
 */
export function drawAssistLinkList(container: HTMLElement, links: AssistLink[]): void {
  const list = document.createElement('ol');
  list.className = 'assist-links';
  list.append(
    ...links.map((link) => {
      const item = document.createElement('li');
      item.dataset.assisterId = link.assister.id;
      item.dataset.scorerId = link.scorer.id;
      const pair = document.createElement('strong');
      pair.textContent = describeAssistLink(link);
      const goals = document.createElement('ul');
      goals.className = 'assist-goals';
      goals.append(
        ...link.goals.map((goal) => {
          const goalItem = document.createElement('li');
          goalItem.textContent = describeAssistGoal(goal);
          goalItem.dataset.matchId = goal.match.id;
          return goalItem;
        }),
      );
      const sources = document.createElement('p');
      sources.className = 'assist-sources';
      sources.append('Sources: ');
      linkSources(link).forEach((source, i) => sources.append(...(i ? [', '] : []), sourceLink(source)));
      item.append(pair, goals, sources);
      return item;
    }),
  );
  container.replaceChildren(list);
}
