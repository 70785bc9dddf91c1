import type { GraphClient } from '../graph/driver';
import { createLoaders, type Loaders } from '../graph/loaders/create-loaders';
import { startQueryDeadline } from '../graph/query-deadline';

/** What every resolver receives. Built once per request, never shared: see `createLoaders`. */
export interface Context {
  loaders: Loaders;
}

/** The HTTP request a context serves. */
export interface RequestBounds {
  /** Time the request's reads may take, from now (config `requestTimeoutMs`). */
  timeoutMs: number;
  /** Fires when the client disconnects; its reads are then cancelled. */
  signal?: AbortSignal;
}

/**
 * `graph` may be a client observed for this request (`GraphClient.observe`), so that the request's
 * loaders report the queries they run. With `request`, every read of the request, batched or not,
 * runs under one deadline; without (the schema executed in-process), reads have none.
 */
export function createContext(graph: GraphClient, request?: RequestBounds): Context {
  const bounded = request ? graph.within(startQueryDeadline(request.timeoutMs, request.signal)) : graph;
  return { loaders: createLoaders(bounded) };
}
