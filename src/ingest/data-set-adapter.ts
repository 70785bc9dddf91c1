import type { FactBundle, SourceRecord } from '../graph/model/bundle';
import type { DataLocation } from './reading/data-location';
import type { PersonResolver } from './person-resolver';

/**
 * One data set as the pipeline sees it. An adapter reads and validates its files, then emits its
 * statements as a bundle whose records all cite its one `source`; the pipeline resolves people,
 * reconciles every declared field with what other sources said (src/graph/model/model.ts) and writes.
 * Adding a data set: one adapter file implementing this, registered in `DATA_SET_ADAPTERS`
 * (history-import.ts), its source id in `SOURCE_PRECEDENCE` (src/graph/model/model.ts), and any new
 * entity or relationship kind declared in the model.
 */
export interface DataSetAdapter {
  /** The name on the command line (`npm run import -- fjelstul <dir>`). */
  name: string;
  /** The folder under the data directory that `npm start` imports from. */
  folder: string;
  source: SourceRecord;
  /** Reads and validates every file; a malformed one throws MalformedFileError before anything is written. */
  read(location: DataLocation, options: { years?: number[]; season?: { competition: number; season: number } }): Promise<AdapterRead>;
}

export interface AdapterRead {
  /** Rows read from the files, for the summary. */
  rows: number;
  /** What the files hold that the graph does not get, and why. */
  skipped: Array<{ what: string; count: number; reason: string }>;
  /** The statements, people resolved through `resolver` (against the graph and this import). */
  build(resolver: PersonResolver): FactBundle;
}
