import type { DataSetAdapter } from './data-set-adapter';
import { buildFjelstulBundle, FJELSTUL_SOURCE, readFjelstul } from './fjelstul';

export const fjelstulAdapter: DataSetAdapter = {
  name: 'fjelstul',
  folder: 'fjelstul-worldcup',
  source: FJELSTUL_SOURCE,
  async read(location) {
    const tables = await readFjelstul(location);
    return {
      rows: tables.rowCount,
      skipped: [
        {
          what: 'starting line-ups',
          count: 0,
          reason: 'player_appearances.csv is not in this copy: only substitutes and substituted starters get PLAYED_IN',
        },
      ],
      build: (resolver) => buildFjelstulBundle(tables, resolver, location),
    };
  },
};
