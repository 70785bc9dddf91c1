import type { DataSetAdapter } from './data-set-adapter';
import { buildInternationalResultsBundle, INTERNATIONAL_RESULTS_SOURCE, readInternationalResults, skippedOf } from './international-results';

export const internationalResultsAdapter: DataSetAdapter = {
  name: 'international-results',
  folder: 'international-results',
  source: INTERNATIONAL_RESULTS_SOURCE,
  async read(location) {
    const data = await readInternationalResults(location);
    return { rows: data.rowCount, skipped: skippedOf(data), build: (resolver) => buildInternationalResultsBundle(data, resolver) };
  },
};
