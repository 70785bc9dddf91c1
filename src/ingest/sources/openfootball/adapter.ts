import type { DataSetAdapter } from '../../data-set-adapter';
import { buildOpenfootballBundle, OPENFOOTBALL_SOURCE } from './bundle';
import { placedStadiums } from './files';
import { DEFAULT_OPENFOOTBALL_YEARS, readOpenfootball } from './read';

export const openfootballAdapter: DataSetAdapter = {
  name: 'openfootball',
  folder: 'openfootball-worldcup',
  source: OPENFOOTBALL_SOURCE,
  async read(location, options) {
    const data = await readOpenfootball(location, options.years ?? DEFAULT_OPENFOOTBALL_YEARS);
    const unplaced = data.years.reduce((n, year) => n + (year.stadiums?.length ?? 0) - placedStadiums(year).length, 0);
    const skipped = unplaced ? [{ what: 'stadiums without a country code', count: unplaced, reason: 'their venues come from Fjelstul' }] : [];
    return { rows: data.rowCount, skipped, build: (resolver) => buildOpenfootballBundle(data.years, resolver, location) };
  },
};
