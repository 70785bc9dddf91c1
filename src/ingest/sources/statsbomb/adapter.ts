import type { DataSetAdapter } from '../../data-set-adapter';
import { buildStatsBombBundle, STATSBOMB_SOURCE } from './bundle';
import { readStatsBomb } from './read';

/** Not shipped and not imported by `npm start`: users point it at their own clone of open-data. */
export const statsbombAdapter: DataSetAdapter = {
  name: 'statsbomb',
  folder: 'statsbomb-open-data/data',
  source: STATSBOMB_SOURCE,
  async read(location, options) {
    const data = await readStatsBomb(location, options.season);
    return { rows: data.rowCount, skipped: [], build: (resolver) => buildStatsBombBundle(data, resolver) };
  },
};
