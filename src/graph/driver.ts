import neo4j, { type Driver, type ManagedTransaction, type Session } from 'neo4j-driver';
import { cypherQueries } from '../metrics';
import { toCypherParams, toPlain } from './to-plain';

export type AccessMode = 'read' | 'write';
export type Params = Record<string, unknown>;

/** What a query listener sees; tests record these to assert exact batches. */
export interface QueryEvent {
  mode: AccessMode;
  cypher: string;
  params: Params;
}
export type QueryListener = (event: QueryEvent) => void;

export interface GraphClientOptions {
  /** `bolt://`, `neo4j://` (cluster routing) or their `+s`/`+ssc` TLS forms. */
  uri: string;
  user: string;
  password: string;
  /** Default `neo4j`. */
  database?: string;
  /** Called once per Cypher statement sent. */
  onQuery?: QueryListener;
}

/** A transaction of `writeTransaction`: every statement commits together or not at all. */
export interface GraphTransaction {
  run<T = Record<string, unknown>>(cypher: string, params?: Params): Promise<T[]>;
}

/**
 * The only door to Neo4j. Rows come back as plain objects: Integers as numbers, temporal values as
 * ISO strings, nodes and relationships as their properties, converted here and nowhere else.
 */
export class GraphClient {
  readonly database: string;
  private readonly driver: Driver;
  private readonly listeners: QueryListener[];

  /** `shared` is for `observe` only: a derived client reuses the driver and the listeners. */
  constructor(
    private readonly options: GraphClientOptions,
    shared?: { driver: Driver; listeners: QueryListener[] },
  ) {
    this.database = options.database ?? 'neo4j';
    this.driver =
      shared?.driver ??
      neo4j.driver(options.uri, neo4j.auth.basic(options.user, options.password), {
        // Ids and counts in this graph stay far below 2^53.
        disableLosslessIntegers: true,
        connectionTimeout: 5_000,
        // executeRead/executeWrite retry transient errors for 30 s by default; an API request
        // would hang that long before answering DATABASE_UNAVAILABLE while Neo4j is down.
        maxTransactionRetryTime: 5_000,
        userAgent: 'sports-kg',
      });
    this.listeners = [...(shared?.listeners ?? []), ...(options.onQuery ? [options.onQuery] : [])];
  }

  /**
   * A client on the same driver that also reports every query to `listener`, e.g. to count the
   * Cypher statements of one GraphQL request. Closing either closes the shared driver.
   */
  observe(listener: QueryListener): GraphClient {
    return new GraphClient({ ...this.options, onQuery: listener }, { driver: this.driver, listeners: this.listeners });
  }

  /** Runs one read statement; retried on transient errors and routed to a reader in a cluster. */
  read<T = Record<string, unknown>>(cypher: string, params: Params = {}): Promise<T[]> {
    return this.withSession('read', (session) => session.executeRead((tx) => this.run<T>(tx, 'read', cypher, params)));
  }

  /** Runs one write statement in its own transaction; retried on transient errors. */
  write<T = Record<string, unknown>>(cypher: string, params: Params = {}): Promise<T[]> {
    return this.withSession('write', (session) => session.executeWrite((tx) => this.run<T>(tx, 'write', cypher, params)));
  }

  /**
   * Runs several write statements atomically. `work` may be called again after a transient
   * failure, so it must not have side effects outside the transaction.
   */
  writeTransaction<R>(work: (tx: GraphTransaction) => Promise<R>): Promise<R> {
    return this.withSession('write', (session) =>
      session.executeWrite((tx) => work({ run: (cypher, params = {}) => this.run(tx, 'write', cypher, params) })),
    );
  }

  /** Fails unless the server answers and accepts the credentials for this client's database. */
  async verifyConnectivity(): Promise<void> {
    await this.driver.verifyConnectivity({ database: this.database });
  }

  async close(): Promise<void> {
    await this.driver.close();
  }

  private async withSession<R>(mode: AccessMode, work: (session: Session) => Promise<R>): Promise<R> {
    // Naming the database saves the home-database lookup, an extra round trip in a cluster.
    const session = this.driver.session({
      database: this.database,
      defaultAccessMode: mode === 'read' ? neo4j.session.READ : neo4j.session.WRITE,
    });
    try {
      return await work(session);
    } finally {
      await session.close();
    }
  }

  private async run<T>(tx: ManagedTransaction, mode: AccessMode, cypher: string, params: Params): Promise<T[]> {
    cypherQueries.inc({ mode });
    for (const listener of this.listeners) listener({ mode, cypher, params });
    const result = await tx.run(cypher, toCypherParams(params) as Params);
    return result.records.map((record) => toPlain(record.toObject()) as T);
  }
}
