import type { FieldChange } from './edit-log';

// What an editor sends to the API and what a write answers, here so that the schema (which declares
// them for GraphQL) and the editor in src/ingest/editing (which writes them) both import them from below.

/** The source an editor writes in the name of: a new one (its id made from the title unless given), or one the API made before. */
export interface SourceInput {
  id?: string | null;
  title: string;
  url?: string | null;
  publisher?: string | null;
}

export interface AssertFactInput {
  entity: string;
  field: string;
  value: string;
  source: SourceInput;
}

export interface WriteOutcome {
  /** The data version after the write (unchanged by a dry run). */
  dataVersion: string;
  dryRun: boolean;
  sourceId: string;
  changes: FieldChange[];
}

/** A match report as an editor sends it: people by id or by name as the report spells them. */
export interface MatchReportInput {
  /** The match: by id, or by teams and date; tournament and stage, or a competition, make a new one. */
  match: {
    id?: string | null; homeTeam?: string | null; awayTeam?: string | null; date?: string | null;
    tournament?: string | null; stage?: string | null; competition?: string | null; city?: string | null;
  };
  kickoff?: string | null;
  venue?: string | null;
  homeScore?: number | null;
  awayScore?: number | null;
  extraTime?: boolean | null;
  goals?: Array<{ team: string; minute: string; scorer: string; assist?: string | null; penalty?: boolean | null; ownGoal?: boolean | null }> | null;
  lineups?: Array<{ team: string; starters: string[]; substitutions?: Array<{ minute: string; on: string; off?: string | null }> | null }> | null;
  cards?: Array<{ team: string; player: string; minute: string; card: string }> | null;
}
