import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { HeaderMap } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { GraphReader } from '../graph/read/loaders/batched-loader';
import { readEditLog } from '../graph/write/edit-log';
import { InvariantViolationError } from '../graph/write/invariants';
import { EditConflictError, EditForbiddenError, EditInputError } from '../ingest/editing/edit-errors';
import type { WriteOutcome } from '../graph/write/edit-requests';
import type { Editor, GraphEditor } from '../ingest/editing/graph-editor';
import type { EditSession } from '../schema/editing/edit-session';
import { BadUserInputError, ErrorCode } from '../schema/errors';
import { asEditor, type Authenticator } from './auth';
import { IdempotencyKeyReusedError, type IdempotencyStore } from './idempotency-store';
import { RateLimitedError } from './rate-limit';

export interface EditingOptions {
  editor: GraphEditor;
  authenticator: Authenticator;
  idempotency: IdempotencyStore;
  /** Writes per token per minute. */
  writesPerMinute: number;
  /** Reads the audit trail. */
  graph: GraphReader;
  /** Called after every committed write: the data version the response cache keys by has changed. */
  onWritten?: () => Promise<void>;
}

/** The longest Idempotency-Key taken. */
const MAX_IDEMPOTENCY_KEY = 200;

/**
 * Builds each request's EditSession. A write is authenticated (401 without a valid token),
 * authorised (403), charged to its token's write budget (429), and with an Idempotency-Key run at
 * most once per token and key; the ingest layer's refusals become BAD_USER_INPUT (naming the input),
 * FORBIDDEN or EDIT_CONFLICT. Tokens and keys are never logged.
 */
export function editSessions(options: EditingOptions): (headers: IncomingHttpHeaders) => EditSession {
  const writes = new RateLimiterMemory({ points: options.writesPerMinute, duration: 60 });
  return (headers) => {
    const write = async (operation: string, input: unknown, run: (editor: Editor) => Promise<WriteOutcome>): Promise<WriteOutcome> => {
      const caller = await options.authenticator.authenticate(headerOf(headers, 'authorization'));
      if (!caller) throw refusal('A write needs a valid token: Authorization: Bearer <token>.', ErrorCode.UNAUTHENTICATED, 401);
      const editor = asEditor(caller);
      if (!editor) throw refusal(`${caller.name} has no role that may write (editor or admin).`, ErrorCode.FORBIDDEN, 403);
      await writes.consume(editor.name).catch((limited: unknown) => {
        if (limited instanceof RateLimiterRes) throw new RateLimitedError('requests', limited.msBeforeNext / 1000);
        throw limited;
      });
      const key = headerOf(headers, 'idempotency-key');
      if (key !== undefined && (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY)) {
        throw new BadUserInputError('Idempotency-Key', `must be 1 to ${MAX_IDEMPOTENCY_KEY} characters`);
      }
      const fingerprint = createHash('sha256').update(JSON.stringify([operation, input])).digest('hex');
      const once = () => run(editor).then(async (outcome) => {
        if (!outcome.dryRun) await options.onWritten?.();
        return outcome;
      });
      try {
        return await (key === undefined ? once() : options.idempotency.once(`${editor.name}\0${key}`, fingerprint, once));
      } catch (error) {
        throw asGraphQLError(error);
      }
    };
    return {
      assertFact: (input, dryRun) => write('assertFact', [input, dryRun], (editor) => options.editor.assertFact(editor, input, dryRun)),
      recordMatchReport: (input, dryRun) => write('recordMatchReport', [input, dryRun], (editor) => options.editor.recordMatchReport(editor, input, dryRun)),
      retractSource: (id) => write('retractSource', id, (editor) => options.editor.retractSource(editor, id)),
      changes: (page) => readEditLog(options.graph, page),
    };
  };
}

function headerOf(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function refusal(message: string, code: ErrorCode, status: number): GraphQLError {
  return new GraphQLError(message, { extensions: { code, http: { status, headers: new HeaderMap() } } });
}

function asGraphQLError(error: unknown): unknown {
  if (error instanceof EditInputError) return new BadUserInputError(error.argument, error.message);
  if (error instanceof InvariantViolationError) return new BadUserInputError('input', error.message);
  if (error instanceof IdempotencyKeyReusedError) return new BadUserInputError('Idempotency-Key', error.message);
  if (error instanceof EditForbiddenError) return refusal(error.message, ErrorCode.FORBIDDEN, 403);
  if (error instanceof EditConflictError) return refusal(error.message, ErrorCode.EDIT_CONFLICT, 409);
  return error;
}
