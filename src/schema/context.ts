import type { GraphClient } from '../graph/driver/driver';
import { createLoaders, type Loaders } from '../graph/read/loaders/create-loaders';
import { startQueryDeadline } from '../graph/driver/query-deadline';
import type { EditSession } from './editing/edit-session';

/** What every resolver receives. Built once per request, never shared: see `createLoaders`. */
export interface Context {
  loaders: Loaders;
  /** Writes and the audit trail; absent where the server takes no writes. */
  editing?: EditSession;
}

/** The HTTP request a context serves. */
export interface RequestBounds {
  /** Time the request may take from its arrival (config `requestTimeoutMs`), its wait for a turn included. */
  timeoutMs: number;
  /** When the request arrived (`Date.now()`): a request that queued for a turn has that much less time for its reads. */
  receivedAt: number;
  /** Fires when the client disconnects; its reads are then cancelled. */
  signal?: AbortSignal;
  /** Fires once the answer has been sent: nothing of the request's deadline outlives it. */
  answered?: AbortSignal;
  /** The server's own warm-up request, whose shapes will be asked for again: see `LoaderEnv.compileOnFirstSight`. */
  warmUp?: boolean;
}

/**
 * `graph` may be a client observed for this request (`GraphClient.observe`), so that the request's
 * loaders report the queries they run. With `request`, every read of the request, batched or not,
 * runs under one deadline; without (the schema executed in-process), reads have none. New look-ahead
 * statements are compiled on `graph` itself, never under the deadline.
 */
export function createContext(graph: GraphClient, request?: RequestBounds, editing?: EditSession): Context {
  const bounded = request ? graph.within(startQueryDeadline(request.timeoutMs - (Date.now() - request.receivedAt), request.signal, request.answered)) : graph;
  return { loaders: createLoaders(bounded, { compiler: graph, compileOnFirstSight: request?.warmUp }), editing };
}
