import type { Config } from '../config';
import { GraphClient } from '../graph/driver/driver';
import { startLocalNeo4j, type LocalNeo4j } from './local-instance';

export interface OpenGraph {
  graph: GraphClient;
  /** Where it writes, for log lines: the URI, and whether it is the managed local Neo4j. */
  uri: string;
  managed: boolean;
  /** Whether this call started Neo4j: a new JVM, with no plans cached. */
  started: boolean;
  /** For the managed local Neo4j: what stops it, and after how many idle minutes (local-instance.ts). */
  lifetime?: Pick<LocalNeo4j, 'stoppedBy' | 'idleMinutes'>;
  /** Closes the driver, and stops the local Neo4j if this call started it and it does not stay warm. */
  close(): Promise<void>;
}

export interface OpenGraphOptions {
  /**
   * Fail unless `NEO4J_URI` answers now. Default true: the command-line tools stop at once; the API
   * passes false and waits for Neo4j, reporting not-ready meanwhile.
   */
  verify?: boolean;
  /** A server's call: the managed local Neo4j it starts stays warm after it (local-instance.ts, `keepWarm`). */
  keepWarm?: boolean;
}

/**
 * The database every entry point writes to: `NEO4J_URI` when set, otherwise the managed local
 * Neo4j (the one `npm start` serves), started if it is not running.
 */
export async function openGraph(config: Config, options: OpenGraphOptions = {}): Promise<OpenGraph> {
  const { neo4j } = config;
  if (neo4j.uri) {
    const graph = new GraphClient({ uri: neo4j.uri, user: neo4j.user, password: neo4j.password!, database: neo4j.database });
    if (options.verify ?? true) await graph.verifyConnectivity();
    return { graph, uri: neo4j.uri, managed: false, started: false, close: () => graph.close() };
  }
  const local = await startLocalNeo4j(config.localNeo4j, { keepWarm: options.keepWarm });
  const graph = new GraphClient({ uri: local.uri, user: local.user, password: local.password, database: neo4j.database });
  try {
    await graph.verifyConnectivity();
  } catch (error) {
    await local.stop();
    throw error;
  }
  return {
    graph,
    uri: local.uri,
    managed: true,
    started: !local.reused,
    lifetime: { stoppedBy: local.stoppedBy, idleMinutes: local.idleMinutes },
    async close() {
      await graph.close();
      if (local.stoppedBy === 'server') await local.stop();
    },
  };
}
