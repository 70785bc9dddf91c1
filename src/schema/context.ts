import type { GraphClient } from '../graph/driver';
import { createLoaders, type Loaders } from '../graph/loaders/create-loaders';

/** What every resolver receives. Built once per request, never shared: see `createLoaders`. */
export interface Context {
  /** For root queries that are no batched look-up (head-to-head, path, search). */
  graph: GraphClient;
  loaders: Loaders;
}

/**
 * `graph` may be a client observed for this request (`GraphClient.observe`), so that the request's
 * loaders report the queries they run.
 */
export function createContext(graph: GraphClient): Context {
  return { graph, loaders: createLoaders(graph) };
}
