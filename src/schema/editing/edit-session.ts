import type { EditLogPage } from '../../graph/write/edit-log';
import type { AssertFactInput, MatchReportInput, SourceInput, WriteOutcome } from '../../graph/write/edit-requests';

/**
 * What the editing resolvers ask of the request they serve: the server builds one per request
 * from its headers (token, Idempotency-Key) and answers for authentication, roles, the write rate
 * limit and idempotency (src/server/edit-session.ts). Reads of the audit trail are public.
 */
export interface EditSession {
  assertFact(input: AssertFactInput, dryRun: boolean): Promise<WriteOutcome>;
  recordMatchReport(input: MatchReportInput & { source: SourceInput }, dryRun: boolean): Promise<WriteOutcome>;
  retractSource(id: string): Promise<WriteOutcome>;
  changes(options: { first: number; after?: string | null; by?: string | null; since?: string | null }): Promise<EditLogPage>;
}
