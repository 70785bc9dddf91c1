import type { DataSetAdapter } from '../../data-set-adapter';
import { buildInternationalResultsBundle, INTERNATIONAL_RESULTS_SOURCE, skippedOf } from './bundle';
import { readInternationalResults } from './read';

export const internationalResultsAdapter: DataSetAdapter = {
  name: 'international-results',
  folder: 'international-results',
  source: INTERNATIONAL_RESULTS_SOURCE,
  async read(location) {
    const data = await readInternationalResults(location);
    return { rows: data.rowCount, skipped: skippedOf(data), build: (resolver) => buildInternationalResultsBundle(data, resolver) };
  },
};
