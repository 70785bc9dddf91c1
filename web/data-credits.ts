import { queryGraphQL } from './api';
import { graphql } from './generated';
import type { DataCreditsQuery } from './generated/graphql';

/** The data sets' credits as the graph states them (`sources`), so the pages never hold a second copy. */
export const DATA_CREDITS_QUERY = graphql(`
  query DataCredits {
    sources {
      id
      title
      kind
      url
      licence
      attribution
    }
  }
`);

type CreditedSource = DataCreditsQuery['sources'][number];

function sourceItem(source: CreditedSource): HTMLLIElement {
  const item = document.createElement('li');
  const title = source.url ? Object.assign(document.createElement('a'), { href: source.url, rel: 'noopener' }) : document.createElement('strong');
  title.textContent = source.title;
  item.append(title);
  if (source.licence) item.append(` · ${source.licence}`);
  if (source.attribution) {
    const attribution = document.createElement('p');
    attribution.textContent = source.attribution;
    item.append(attribution);
  }
  return item;
}

/**
 * Fills `container` with an "About the data" panel: every data set with its licence and the
 * attribution its licence asks for, and how many match reports the graph cites besides.
 */
export async function showDataCredits(container: HTMLElement): Promise<void> {
  const { sources } = await queryGraphQL(DATA_CREDITS_QUERY);
  const dataSets = sources.filter((source) => source.kind === 'DATASET');
  const reports = sources.length - dataSets.length;
  const details = document.createElement('details');
  const summary = document.createElement('summary');
  summary.textContent = `About the data: ${dataSets.length} data sets${reports ? ` and ${reports} match reports` : ''}, credited as their licences ask`;
  const list = document.createElement('ul');
  list.append(...dataSets.map(sourceItem));
  const note = document.createElement('p');
  note.textContent = 'The graph merges these sources (modified: joined, reconciled); every fact names its sources, and disputed values keep each version.';
  details.append(summary, list, note);
  container.replaceChildren(details);
}
