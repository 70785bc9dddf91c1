import type { DataSetAdapter } from '../../data-set-adapter';
import { buildFjelstulBundle, FJELSTUL_SOURCE } from './bundle';
import { readFjelstul } from './read';

export const fjelstulAdapter: DataSetAdapter = {
  name: 'fjelstul',
  folder: 'fjelstul-worldcup',
  source: FJELSTUL_SOURCE,
  async read(location) {
    const tables = await readFjelstul(location);
    return {
      rows: tables.rowCount,
      skipped: [],
      build: (resolver) => buildFjelstulBundle(tables, resolver, location),
    };
  },
};
