import type { DataSetAdapter } from '../../data-set-adapter';
import { buildWyscoutBundle, WYSCOUT_SOURCE } from './bundle';
import { readWyscout } from './read';

export const wyscoutAdapter: DataSetAdapter = {
  name: 'wyscout',
  folder: 'wyscout-pappalardo-worldcup2018',
  source: WYSCOUT_SOURCE,
  async read(location) {
    const tables = await readWyscout(location);
    return {
      rows: tables.rowCount,
      skipped: [
        { what: 'bench players who did not come on', count: tables.lineups.filter((l) => !l.started && l.on_minute === null).length, reason: 'a squad sheet is not an appearance' },
      ],
      build: (resolver) => buildWyscoutBundle(tables, resolver),
    };
  },
};
