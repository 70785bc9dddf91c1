import type { DataSetAdapter } from './data-set-adapter';
import { buildOpenfootballBundle, DEFAULT_OPENFOOTBALL_YEARS, OPENFOOTBALL_SOURCE, readOpenfootball } from './openfootball';

export const openfootballAdapter: DataSetAdapter = {
  name: 'openfootball',
  folder: 'openfootball-worldcup',
  source: OPENFOOTBALL_SOURCE,
  async read(location, options) {
    const data = await readOpenfootball(location, options.years ?? DEFAULT_OPENFOOTBALL_YEARS);
    return { rows: data.rowCount, skipped: [], build: (resolver) => buildOpenfootballBundle(data.years, resolver, location) };
  },
};
