import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { dataVersionSequence } from '../graph/write/data-version';
import { ErrorCode } from '../schema/errors';

/** On every GraphQL answer: the data version this replica read when the request arrived; the answer is at least that new. */
export const DATA_VERSION_HEADER = 'x-kg-data-version';
/** Sent by a client that must read a write (its data version, or the version of a later answer): read-your-writes on any replica. */
export const MIN_DATA_VERSION_HEADER = 'x-kg-min-data-version';

/** What the GraphQL route needs of src/server/data-version-watch.ts. */
export interface DataVersionSource {
  current(): string | undefined;
  reached(sequence: number, timeoutMs: number): Promise<boolean>;
}

export class DataVersionNotReachedError extends GraphQLError {
  constructor(wanted: string, current: string | undefined, waitedMs: number) {
    super(`This replica does not read data version ${wanted} yet (it reads ${current ?? 'an unknown version'}) after ${waitedMs} ms; retry shortly.`, {
      extensions: {
        code: ErrorCode.DATA_VERSION_NOT_REACHED,
        wanted,
        current: current ?? null,
        http: { status: 503, headers: new HeaderMap([['retry-after', '1']]) },
      },
    });
    this.name = 'DataVersionNotReachedError';
  }
}

export class BadMinDataVersionError extends GraphQLError {
  constructor() {
    super(`${MIN_DATA_VERSION_HEADER} must be a data version as sent in ${DATA_VERSION_HEADER} (or its leading write count).`, {
      extensions: { code: ErrorCode.BAD_REQUEST_HEADER, header: MIN_DATA_VERSION_HEADER, http: { status: 400 } },
    });
    this.name = 'BadMinDataVersionError';
  }
}

/**
 * Waits, up to `maxWaitMs`, until this replica reads data at least as new as the client's
 * `X-KG-Min-Data-Version`, then sets `X-KG-Data-Version`. Returns the refusal to send instead, if any.
 */
export async function awaitDataVersion(
  req: IncomingMessage,
  res: ServerResponse,
  source: DataVersionSource,
  maxWaitMs: number,
): Promise<GraphQLError | undefined> {
  const wanted = req.headers[MIN_DATA_VERSION_HEADER];
  if (typeof wanted === 'string') {
    const sequence = dataVersionSequence(wanted.trim());
    if (sequence === undefined) return new BadMinDataVersionError();
    if (!(await source.reached(sequence, maxWaitMs))) return new DataVersionNotReachedError(wanted.trim(), source.current(), maxWaitMs);
  }
  const version = source.current();
  if (version !== undefined) res.setHeader(DATA_VERSION_HEADER, version);
  return undefined;
}
